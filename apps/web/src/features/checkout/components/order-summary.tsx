import type { ShoppingCart } from "@threadfolk/contract/cart";
import type { ReactNode } from "react";
import { promoSummaryOf } from "../promo-code.ts";

/** "1 item", "3 items". */
export function itemCountText(count: number): string {
  return `${count} ${count === 1 ? "item" : "items"}`;
}

type OrderSummaryProps = {
  order: ShoppingCart;
  /** The shipping step also shows the order's e-mail (spec section 2). */
  showEmail?: boolean;
};

function Row({ label, value, emphasis = false }: { label: string; value: ReactNode; emphasis?: boolean }) {
  const valueClass = emphasis ? "text-xl font-bold text-neutral-950" : "font-semibold text-neutral-900";
  return (
    <div className={`flex justify-between gap-4 ${emphasis ? "items-baseline border-t border-neutral-200 pt-3" : ""}`}>
      <dt className={emphasis ? "text-sm font-bold tracking-[0.14em] text-neutral-950" : "min-w-0"}>{label}</dt>
      <dd className={`shrink-0 ${valueClass}`}>{value}</dd>
    </div>
  );
}

/**
 * Order Summary (spec section 2): the subtotal with the item count, the sale discount when there is one,
 * shipping, the tax under the server's label and the total. Every amount is the server's (its `orderTotal` is
 * items + shipping + tax). With a code (decision 034): the coupon's line ('Code WELCOME10 −$2.70'), or free
 * shipping with the waived cost struck through; a gift card comes under the total with the amount due.
 */
export function OrderSummary({ order, showEmail = false }: OrderSummaryProps) {
  const { attributes } = order;
  const promo = promoSummaryOf(attributes);
  return (
    <section
      aria-labelledby="checkout-order-summary"
      className="rounded-2xl bg-white p-5 ring-1 ring-neutral-900/10 md:p-6"
    >
      <h2 id="checkout-order-summary" className="font-display text-xl font-extrabold tracking-tight text-neutral-950">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-2 text-[15px] text-neutral-700">
        <Row
          label={`Subtotal (${itemCountText(attributes.shoppingCartCount)})`}
          value={attributes.itemTotalWithoutDiscount}
        />
        {promo.saleDiscountCents > 0 && <Row label="Sale discount" value={promo.saleDiscount} />}
        {promo.coupon && <Row label={promo.coupon.label} value={promo.coupon.value} />}
        {promo.showTotalBeforeTax && <Row label="Total before tax" value={attributes.totalBeforeTax} />}
        <Row
          label="Shipping"
          value={
            promo.waivedShipping ? (
              <>
                <s className="mr-1.5 font-normal text-neutral-500">
                  <span className="sr-only">was </span>
                  {promo.waivedShipping}
                </s>
                {attributes.totalShipping}
              </>
            ) : (
              attributes.totalShipping
            )
          }
        />
        <Row label={attributes.taxLabel} value={attributes.totalTax} />
        {showEmail && attributes.email && (
          <div className="flex justify-between gap-4">
            <dt>Email</dt>
            <dd className="min-w-0 truncate font-semibold text-neutral-900">{attributes.email}</dd>
          </div>
        )}
        <Row label="TOTAL" value={attributes.orderTotal} emphasis />
        {promo.giftCard && (
          <>
            <Row label={promo.giftCard.label} value={promo.giftCard.value} />
            <Row label="Amount due" value={promo.giftCard.amountDue} emphasis />
          </>
        )}
      </dl>
    </section>
  );
}
