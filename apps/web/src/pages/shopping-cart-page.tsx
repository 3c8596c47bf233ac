import { useIsMutating } from "@tanstack/react-query";
import { cartLines } from "@threadfolk/contract/cart";
import { searchResultsPath } from "@threadfolk/contract/routes";
import { useEffect, useRef, useState } from "react";
import { PageHeading } from "../components/page-heading.tsx";
import { useShoppingCart } from "../features/cart/api/get-shopping-cart.ts";
import { cartKeys } from "../features/cart/api/query-keys.ts";
import { pickEmptyCartSearchTerm } from "../features/cart/cart-count.ts";
import { useStartCheckout } from "../features/cart/checkout-navigation.ts";
import { itemCountText, unavailableLines } from "../features/cart/components/cart-line-facts.ts";
import { CartLineItem } from "../features/cart/components/cart-line-item.tsx";
import { CartTotals } from "../features/cart/components/cart-totals.tsx";
import { EmptyCart } from "../features/cart/components/empty-cart.tsx";
import { RemovableUnavailableCartLine } from "../features/cart/components/unavailable-cart-line.tsx";
import { useCartCount } from "../features/cart/hooks/use-cart-count.ts";

function CartSkeleton() {
  return (
    <div aria-hidden="true" className="grid min-h-[50vh] gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
      <div className="space-y-6">
        {[0, 1].map((index) => (
          <div key={index} className="flex gap-4">
            <div className="size-24 animate-pulse rounded-xl bg-neutral-100 md:size-32" />
            <div className="flex-1 space-y-3">
              <div className="h-5 w-2/3 animate-pulse rounded bg-neutral-100" />
              <div className="h-4 w-1/3 animate-pulse rounded bg-neutral-100" />
              <div className="h-4 w-1/4 animate-pulse rounded bg-neutral-100" />
            </div>
          </div>
        ))}
      </div>
      <div className="h-72 animate-pulse rounded-2xl bg-neutral-100" />
    </div>
  );
}

/**
 * When a removed line takes the keyboard focus with it, the focus goes to the cart's content rather than
 * back to the top of the document.
 */
function useKeepFocusOnRemoval(lineIds: string | undefined) {
  const contentRef = useRef<HTMLDivElement>(null);
  const previous = useRef(lineIds);
  useEffect(() => {
    const before = previous.current?.split(",") ?? [];
    previous.current = lineIds;
    const after = new Set(lineIds?.split(",") ?? []);
    const wasRemoved = before.some((id) => id !== "" && !after.has(id));
    if (wasRemoved && (document.activeElement === document.body || document.activeElement === null)) {
      contentRef.current?.focus();
    }
  }, [lineIds]);
  return contentRef;
}

/**
 * The cart (`/shopping-cart`; the spec shows only its route and the summary widget): every line with its
 * image, details, unit and line price, a quantity stepper and Remove; lines whose design is no longer available
 * (greyed, with Remove; CHECKOUT waits until they are gone); the totals and CHECKOUT; the spec's empty-cart
 * message leading back to shopping.
 */
export default function ShoppingCartPage() {
  const cart = useShoppingCart();
  const knownCount = useCartCount();
  const startCheckout = useStartCheckout();
  const changingLines = useIsMutating({ mutationKey: cartKeys.lineChanges() });
  const [shopPath] = useState(() => searchResultsPath(pickEmptyCartSearchTerm()));
  const contentRef = useKeepFocusOnRemoval(
    (cart.data ? [...cartLines(cart.data), ...unavailableLines(cart.data)] : []).map((line) => line.id).join(","),
  );

  function renderContent() {
    const data = cart.data;
    if (!data && cart.isError) {
      return (
        <div role="alert" className="py-10 text-neutral-700">
          Your cart could not be loaded just now.{" "}
          <button
            type="button"
            onClick={() => void cart.refetch()}
            className="font-semibold text-brand underline underline-offset-4"
          >
            Try again
          </button>
        </div>
      );
    }
    // A cart this browser knows to be empty shows so at once; the server's answer follows if it differs.
    if (!data && knownCount > 0) return <CartSkeleton />;
    const unavailable = data ? unavailableLines(data) : [];
    if (!data || (cartLines(data).length === 0 && unavailable.length === 0)) {
      return (
        <div className="rounded-2xl bg-neutral-50 px-6 py-16 ring-1 ring-neutral-900/5">
          <EmptyCart shopPath={shopPath} size="page" />
        </div>
      );
    }
    return (
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-12">
        <div className="space-y-8">
          {cartLines(data).length > 0 && (
            <ul aria-label="Items in your cart" className="divide-y divide-neutral-200 border-y border-neutral-200">
              {cartLines(data).map((line) => (
                <CartLineItem key={line.id} line={line} />
              ))}
            </ul>
          )}
          {unavailable.length > 0 && (
            <section aria-labelledby="unavailable-lines-heading">
              <h2 id="unavailable-lines-heading" className="text-sm font-bold tracking-[0.14em] text-neutral-600">
                NO LONGER AVAILABLE
              </h2>
              <ul className="mt-2 divide-y divide-neutral-200 border-y border-neutral-200">
                {unavailable.map((line) => (
                  <RemovableUnavailableCartLine key={line.id} line={line} />
                ))}
              </ul>
            </section>
          )}
        </div>
        <div>
          <CartTotals cart={data} onCheckout={startCheckout} isChanging={changingLines > 0} />
        </div>
      </div>
    );
  }

  const count = cart.data?.data.attributes.shoppingCartCount ?? 0;
  return (
    <div className="pb-16">
      <PageHeading title="Shopping Cart">
        {count > 0 && <p className="mt-2 text-neutral-600">{itemCountText(count)}</p>}
      </PageHeading>
      <div ref={contentRef} tabIndex={-1} className="px-5 focus:outline-none md:px-10">
        {renderContent()}
      </div>
    </div>
  );
}
