import type { OrderLineItem, ShoppingCartResponse } from "@threadfolk/contract/cart";
import { cartLines } from "@threadfolk/contract/cart";
import { Link } from "react-router";
import { Price } from "../../../components/design-card.tsx";
import { garmentName, itemCountText, lineColorName, lineDesignPath } from "./cart-line-facts.ts";

type CartSummaryWidgetProps = {
  cart: ShoppingCartResponse;
  /** Called when a link of the widget is followed (the popover closes). */
  onNavigate: () => void;
  onCheckout: (cart: ShoppingCartResponse) => void;
};

function SummaryLine({ line, onNavigate }: { line: OrderLineItem; onNavigate: () => void }) {
  const { attributes } = line;
  return (
    <li className="flex gap-3 py-3">
      <img
        src={attributes.designOnShirt}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="size-16 shrink-0 rounded-lg bg-neutral-100 object-cover ring-1 ring-neutral-900/5"
      />
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex items-start justify-between gap-2">
          <Link
            to={lineDesignPath(attributes)}
            onClick={onNavigate}
            className="line-clamp-2 rounded font-semibold text-neutral-950 hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            {attributes.displayName}
          </Link>
          <Price
            price={attributes.price}
            onSale={attributes.onSale}
            salesPrice={attributes.salesPrice}
            className="shrink-0 text-right text-sm"
          />
        </div>
        <p className="mt-0.5 text-neutral-600">{garmentName(attributes)}</p>
        <p className="text-neutral-600">
          {lineColorName(attributes)} · Size {attributes.size} · Qty {attributes.quantity}
        </p>
      </div>
    </li>
  );
}

/**
 * The cart summary widget (spec section 2): each line with a small design-on-shirt image, its fit and
 * garment style, colour, size, price and quantity in a list that scrolls at a fixed height, then 'View Cart',
 * the TOTAL row with the order total and CHECKOUT.
 */
export function CartSummaryWidget({ cart, onNavigate, onCheckout }: CartSummaryWidgetProps) {
  const { attributes } = cart.data;
  return (
    <>
      <div className="flex items-baseline justify-between px-5 pt-4">
        <h2 className="text-xs font-bold tracking-[0.14em] text-neutral-500 uppercase">Cart Summary</h2>
        <p className="text-xs font-semibold text-neutral-500">{itemCountText(attributes.shoppingCartCount)}</p>
      </div>
      <ul aria-label="Items in your cart" className="max-h-72 divide-y divide-neutral-100 overflow-y-auto px-5">
        {cartLines(cart).map((line) => (
          <SummaryLine key={line.id} line={line} onNavigate={onNavigate} />
        ))}
      </ul>
      <div className="border-t border-neutral-200 px-5 pt-3 pb-5">
        <div className="flex items-baseline justify-between">
          <span className="text-sm font-bold tracking-[0.14em] text-neutral-950">TOTAL</span>
          <span className="text-lg font-bold text-neutral-950">{attributes.orderTotal}</span>
        </div>
        <div className="mt-4 grid grid-cols-2 gap-2">
          <Link
            to="/shopping-cart"
            onClick={onNavigate}
            className="inline-flex h-11 items-center justify-center rounded-full border border-neutral-300 bg-white text-sm font-bold text-neutral-900 transition-colors hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            View Cart
          </Link>
          <button
            type="button"
            onClick={() => {
              onNavigate();
              onCheckout(cart);
            }}
            className="inline-flex h-11 items-center justify-center rounded-full bg-brand text-sm font-bold tracking-wide text-white transition-colors hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            CHECKOUT
          </button>
        </div>
      </div>
    </>
  );
}
