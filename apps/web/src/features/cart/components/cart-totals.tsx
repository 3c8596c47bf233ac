import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import { formatCents } from "@threadfolk/contract/money";
import { DELIVERY_ESTIMATE_NOTE } from "@threadfolk/contract/shipping";
import { Button } from "../../../components/button.tsx";
import { itemCountText, unavailableLines } from "./cart-line-facts.ts";

/** Why CHECKOUT waits while the cart holds a line whose design is no longer available. */
export const CHECKOUT_BLOCKED_NOTE = "Remove the items that are no longer available to check out.";

type CartTotalsProps = {
  cart: ShoppingCartResponse;
  onCheckout: (cart: ShoppingCartResponse) => void;
  /** A change to a line is on its way: CHECKOUT waits, so the shipping step starts from the final cart. */
  isChanging: boolean;
};

/**
 * The cart page's totals: the items at their regular price, what a sale takes off, shipping and tax (priced
 * at checkout, from the address), the TOTAL the cart's order total, and CHECKOUT. A coupon applied at checkout
 * has its own line: the cart's `totalDiscount` counts it too, so the sale's line is what is left of it.
 * While the cart holds a line whose design is no longer available, CHECKOUT waits and says why (the server
 * refuses to place such an order).
 */
export function CartTotals({ cart, onCheckout, isChanging }: CartTotalsProps) {
  const { attributes } = cart.data;
  const coupon = attributes.promoCode?.kind === "gift_card" ? null : attributes.promoCode;
  const codeDiscountCents = coupon?.discountCents ?? 0;
  const saleDiscountCents = Math.max(0, attributes.totalDiscountCents - codeDiscountCents);
  // The lines themselves name the designs; the contract's ORDER_MESSAGES would bring the orders schemas along.
  const blockedBy = unavailableLines(cart).length > 0 ? CHECKOUT_BLOCKED_NOTE : null;
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-2xl bg-neutral-50 p-6 ring-1 ring-neutral-900/5 lg:sticky lg:top-24"
    >
      <h2 id="order-summary-heading" className="font-display text-xl font-extrabold tracking-tight text-neutral-950">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-2 text-[15px] text-neutral-700">
        <div className="flex justify-between gap-4">
          <dt>Subtotal ({itemCountText(attributes.shoppingCartCount)})</dt>
          <dd className="font-semibold text-neutral-900">{attributes.itemTotalWithoutDiscount}</dd>
        </div>
        {saleDiscountCents > 0 && (
          <div className="flex justify-between gap-4">
            <dt>Sale discount</dt>
            <dd className="font-semibold text-brand">−{formatCents(saleDiscountCents)}</dd>
          </div>
        )}
        {coupon && codeDiscountCents > 0 && (
          <div className="flex justify-between gap-4">
            <dt>Code {coupon.code}</dt>
            <dd className="font-semibold text-brand">
              {coupon.kind === "free_shipping" ? "Free shipping" : `−${formatCents(codeDiscountCents)}`}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt>Shipping</dt>
          <dd>Calculated at checkout</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Estimated tax</dt>
          <dd>Calculated at checkout</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-neutral-200 pt-3">
          <dt className="text-sm font-bold tracking-[0.14em] text-neutral-950">TOTAL</dt>
          <dd className="text-xl font-bold text-neutral-950">{attributes.orderTotal}</dd>
        </div>
      </dl>
      {blockedBy && (
        <p
          id="checkout-blocked-note"
          className="mt-5 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 ring-1 ring-amber-900/10"
        >
          {blockedBy}
        </p>
      )}
      <Button
        className={`${blockedBy ? "mt-4" : "mt-6"} w-full tracking-wide`}
        disabled={isChanging || blockedBy !== null}
        aria-describedby={blockedBy ? "checkout-blocked-note" : undefined}
        onClick={() => onCheckout(cart)}
      >
        CHECKOUT
      </Button>
      <p className="mt-3 text-center text-xs text-neutral-500">{DELIVERY_ESTIMATE_NOTE}</p>
    </section>
  );
}
