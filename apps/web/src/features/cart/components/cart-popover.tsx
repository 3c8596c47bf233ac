import * as Popover from "@radix-ui/react-popover";
import { cartLines } from "@threadfolk/contract/cart";
import type { RefObject } from "react";
import { Link } from "react-router";
import { Spinner } from "../../../components/spinner.tsx";
import { useShoppingCart } from "../api/get-shopping-cart.ts";
import { useStartCheckout } from "../checkout-navigation.ts";
import { CartSummaryWidget } from "./cart-summary-widget.tsx";
import { EmptyCart } from "./empty-cart.tsx";

type CartPopoverBodyProps = {
  /** Where SHOP NOW goes: results for the cart icon's random term. */
  shopPath: string;
  /** The count the badge shows, to draw the right state before the cart has been read. */
  count: number;
  /** Closes the popover (a link or CHECKOUT was followed). */
  onNavigate: () => void;
};

function CartPopoverBody({ shopPath, count, onNavigate }: CartPopoverBodyProps) {
  // Read each time the card opens (briefly cached): prices follow the catalogue, and the count follows the reply.
  const cart = useShoppingCart();
  const startCheckout = useStartCheckout();

  const isEmpty = cart.data ? cartLines(cart.data).length === 0 : count === 0;
  if (isEmpty) {
    return (
      <div className="px-5 py-5">
        <h2 className="text-center text-xs font-bold tracking-[0.14em] text-neutral-500 uppercase">Cart Summary</h2>
        <EmptyCart shopPath={shopPath} onShop={onNavigate} />
      </div>
    );
  }
  if (cart.data) return <CartSummaryWidget cart={cart.data} onNavigate={onNavigate} onCheckout={startCheckout} />;
  return (
    <div className="px-5 py-5 text-center">
      <h2 className="text-xs font-bold tracking-[0.14em] text-neutral-500 uppercase">Cart Summary</h2>
      {cart.isError ? (
        <p className="mt-3 text-sm text-neutral-700">
          Your cart could not be loaded just now.{" "}
          <Link to="/shopping-cart" onClick={onNavigate} className="font-semibold text-brand underline">
            View Cart
          </Link>
        </p>
      ) : (
        <Spinner label="Loading your cart" className="py-6" />
      )}
    </div>
  );
}

export type CartPopoverProps = CartPopoverBodyProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cart link the card hangs from. */
  anchorRef: RefObject<HTMLElement | null>;
  /** The link and the card together: a press or focus inside it is not "outside". */
  containerRef: RefObject<HTMLElement | null>;
};

/**
 * The cart icon's hover card (spec section 2): the empty-cart message or the cart summary widget. A Radix
 * popover anchored to the cart link, rendered beside it rather than in a portal so that Tab goes from the
 * link into the card and on out of it; it never takes the focus itself. Loaded when first wanted (decision
 * 019), so its code is not part of the first download.
 */
export function CartPopover({ open, onOpenChange, anchorRef, containerRef, ...body }: CartPopoverProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchorRef} />
      <Popover.Content
        role="region"
        aria-label="Cart Summary"
        align="end"
        sideOffset={8}
        collisionPadding={12}
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          if (containerRef.current?.contains(event.target as Node | null)) event.preventDefault();
        }}
        className="z-40 w-[22rem] max-w-[calc(100vw-24px)] animate-[fade-in_120ms_ease-out] rounded-2xl border border-neutral-200 bg-white shadow-xl shadow-neutral-900/10"
      >
        <CartPopoverBody {...body} />
      </Popover.Content>
    </Popover.Root>
  );
}
