import { searchResultsPath } from "@threadfolk/contract/routes";
import { type FocusEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { CartIcon } from "../../components/icons/icons.tsx";
import { pickEmptyCartSearchTerm } from "../../features/cart/cart-count.ts";
import { useCartCount } from "../../features/cart/hooks/use-cart-count.ts";

/** Keeps the pointer-leave grace period short: long enough to cross the gap to the card, no more. */
const CLOSE_DELAY_MS = 150;

/**
 * Open while a mouse hovers the container or keyboard focus is inside it; Escape closes. Touch taps never
 * open it (they navigate), and a mouse click does not open it by focus alone.
 */
function useHoverCard() {
  const [isOpen, setIsOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  function open() {
    clearTimeout(closeTimer.current);
    setIsOpen(true);
  }
  function closeSoon() {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setIsOpen(false), CLOSE_DELAY_MS);
  }

  const containerProps = {
    onPointerEnter: (event: PointerEvent) => event.pointerType === "mouse" && open(),
    onPointerLeave: (event: PointerEvent) => event.pointerType === "mouse" && closeSoon(),
    onFocus: (event: FocusEvent) => event.target.matches(":focus-visible") && open(),
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOpen(false);
    },
    onKeyDown: (event: { key: string }) => event.key === "Escape" && setIsOpen(false),
  };
  return { isOpen, containerProps };
}

/**
 * The cart icon. With items it goes to the cart and shows a count badge; with an empty cart it sends the
 * shopper to results for a random popular term, and hovering (or focusing) it shows an empty-cart card.
 */
export function CartButton() {
  const count = useCartCount();
  // Picked once per mount so the link does not change under the pointer on every render.
  const [emptyCartTerm] = useState(() => pickEmptyCartSearchTerm());
  const isEmpty = count === 0;
  const shopPath = searchResultsPath(emptyCartTerm);
  const { isOpen, containerProps } = useHoverCard();
  const showSummary = isEmpty && isOpen;

  return (
    <div className="relative" {...containerProps}>
      <Link
        to={isEmpty ? shopPath : "/shopping-cart"}
        aria-label={isEmpty ? "Shopping cart, empty" : `Shopping cart, ${count} ${count === 1 ? "item" : "items"}`}
        className="relative flex size-11 items-center justify-center rounded-full text-neutral-800 transition-colors hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <CartIcon className="size-6" />
        {!isEmpty && (
          <span
            aria-hidden="true"
            className="absolute top-0.5 right-0 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white"
          >
            {count > 99 ? "99+" : count}
          </span>
        )}
      </Link>
      {showSummary && (
        // pt-2 bridges the gap between icon and card so the pointer can travel to SHOP NOW.
        <div className="absolute top-full right-0 z-40 pt-2">
          <section
            aria-label="Cart Summary"
            className="w-72 animate-[fade-in_120ms_ease-out] rounded-2xl border border-neutral-200 bg-white p-5 text-center shadow-xl shadow-neutral-900/10"
          >
            <h2 className="text-xs font-bold tracking-[0.14em] text-neutral-500 uppercase">Cart Summary</h2>
            <p className="mt-3 font-display text-lg font-bold text-neutral-950">Oh no, your cart is empty.</p>
            <p className="mt-1 text-sm text-neutral-600">Add something lit to it!</p>
            <Link
              to={shopPath}
              className="mt-4 inline-flex h-10 items-center rounded-full bg-brand px-6 text-sm font-bold tracking-wide text-white transition-colors hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              SHOP NOW
            </Link>
          </section>
        </div>
      )}
    </div>
  );
}
