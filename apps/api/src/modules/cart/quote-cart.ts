import { splitProportionally, sumCents, toCents } from "@threadfolk/contract/money";
import {
  checkPromoCode,
  couponDiscount,
  describePromoCode,
  giftCardPayment,
  type PromoCodeRule,
} from "@threadfolk/contract/promo-codes";
import { and, eq, sql } from "drizzle-orm";
import type { TaxEstimator } from "../../adapters/tax/tax.ts";
import { promoCodes } from "../../db/schema/index.ts";
import type { CartQuote } from "./cart-quote.ts";
import { computeLineAmounts } from "./compute-cart-totals.ts";
import type { PricedCart } from "./presenters.ts";
import type { Executor, FoundCart } from "./queries.ts";

/** A code's rule and how often the payer has used it (held or redeemed), or undefined for an unknown code. */
export type PromoCodeFound = { rule: PromoCodeRule; payerRedemptions: number };

/** Reads a code's rule with its redemption counts, in one statement. */
export async function findPromoCode(options: {
  db: Executor;
  code: string;
  payerKey: string;
}): Promise<PromoCodeFound | undefined> {
  const { db, code, payerKey } = options;
  const [row] = await db
    .select({
      code: promoCodes.code,
      kind: promoCodes.kind,
      percentOff: promoCodes.percentOff,
      amountOffCents: promoCodes.amountOffCents,
      balanceCents: promoCodes.balanceCents,
      minimumSubtotalCents: promoCodes.minimumSubtotalCents,
      startsAt: promoCodes.startsAt,
      endsAt: promoCodes.endsAt,
      maxRedemptions: promoCodes.maxRedemptions,
      maxRedemptionsPerCustomer: promoCodes.maxRedemptionsPerCustomer,
      redemptions: sql<number>`(select count(*) from promo_code_redemptions r
        where r.code = "promo_codes"."code" and r.status in ('held', 'redeemed'))::int`,
      payerRedemptions: sql<number>`(select count(*) from promo_code_redemptions r
        where r.code = "promo_codes"."code" and r.payer_key = ${payerKey} and r.status in ('held', 'redeemed'))::int`,
    })
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code)));
  if (!row) return undefined;
  const { payerRedemptions, ...rule } = row;
  return { rule: { ...rule, redemptions: Number(rule.redemptions) }, payerRedemptions: Number(payerRedemptions) };
}

export async function quoteCart(options: {
  tax: TaxEstimator;
  cart: FoundCart | undefined;
  priced: PricedCart;
  promo: PromoCodeFound | undefined;
  now?: Date;
}): Promise<CartQuote> {
  const { tax, cart, priced, promo } = options;
  const amounts = priced.lines.map((line) => computeLineAmounts(line));
  const itemsCents = sumCents(amounts.map((line) => line.totalCents));
  let promoError: string | null = null;
  let rule: PromoCodeRule | undefined;
  if (cart?.order.promoCode) {
    if (!promo) {
      promoError = "This code is no longer valid";
    } else {
      const check = checkPromoCode(promo.rule, {
        now: options.now ?? new Date(),
        itemsCents,
        payerRedemptions: promo.payerRedemptions,
      });
      if (check.ok) rule = promo.rule;
      else promoError = check.message;
    }
  }
  const coupon = rule
    ? couponDiscount(rule, { itemsCents, shippingCents: priced.shippingCents })
    : { itemsCents: toCents(0), shippingCents: toCents(0) };
  const lineDiscounts =
    coupon.itemsCents > 0 && itemsCents > 0
      ? splitProportionally(
          coupon.itemsCents,
          amounts.map((line) => line.totalCents),
        )
      : amounts.map(() => toCents(0));
  const address = cart?.shippingAddress;
  const estimate = await tax.estimate({
    currency: "usd",
    shipTo: address
      ? {
          address1: address.address1,
          address2: address.address2,
          city: address.city,
          state: address.state,
          zip: address.zip,
        }
      : null,
    lines: priced.lines.map((line, index) => {
      const lineAmounts = amounts[index] as (typeof amounts)[number];
      return {
        reference: String(cart?.lines[index]?.line.id ?? index),
        quantity: line.quantity,
        amountCents: lineAmounts.totalCents - (lineDiscounts[index] ?? 0),
        unitAmountCents: lineAmounts.unitChargedCents,
      };
    }),
    shippingCents: priced.shippingCents - coupon.shippingCents,
  });
  const taxCents = toCents(estimate.totalTaxCents);
  const totalCents = toCents(itemsCents - coupon.itemsCents - coupon.shippingCents + priced.shippingCents + taxCents);
  const giftCardCents = rule ? giftCardPayment(rule, totalCents) : toCents(0);
  const shown = promo && cart?.order.promoCode ? promo.rule : undefined;
  return {
    itemsCents,
    couponItemsCents: coupon.itemsCents,
    couponShippingCents: coupon.shippingCents,
    shippingCents: toCents(priced.shippingCents),
    taxCents,
    taxLabel: estimate.label,
    totalCents,
    giftCardCents,
    amountDueCents: toCents(totalCents - giftCardCents),
    promo: shown
      ? {
          code: shown.code,
          kind: shown.kind,
          description: describePromoCode(shown),
          discountCents: coupon.itemsCents + coupon.shippingCents,
          giftCardCents,
        }
      : cart?.order.promoCode
        ? { code: cart.order.promoCode, kind: "amount_off", description: "", discountCents: 0, giftCardCents: 0 }
        : null,
    promoError,
  };
}
