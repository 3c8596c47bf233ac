import { searchResultsPath } from "@threadfolk/contract/routes";
import { useState } from "react";
import { Link } from "react-router";
import { CartIcon } from "../../components/icons/icons.tsx";
import { pickEmptyCartSearchTerm } from "../../features/cart/cart-count.ts";
import { useCartCount } from "../../features/cart/hooks/use-cart-count.ts";

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

  return (
    <div className="group relative">
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
      {isEmpty && (
        // pt-2 bridges the gap between icon and card so the pointer can travel to SHOP NOW.
        <div className="invisible absolute top-full right-0 z-40 pt-2 opacity-0 transition-opacity duration-150 group-has-focus-visible:visible group-has-focus-visible:opacity-100 group-hover:visible group-hover:opacity-100">
          <section
            aria-label="Cart Summary"
            className="w-72 rounded-2xl border border-neutral-200 bg-white p-5 text-center shadow-xl shadow-neutral-900/10"
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
