import { ORDER_MESSAGES } from "@threadfolk/contract/orders";
import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error.ts";
import type { Executor } from "../cart/queries.ts";

async function rows<Row>(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * Holds an order's code for the payment that starts now (decision 033), in the payment's transaction: a gift
 * card's amount comes off its balance at once (so two orders can never spend the same balance), and the use
 * counts against the code's limits, which are checked again here under the code's row lock. A 409 when the
 * code can no longer be used as the order was placed (the shopper places the order again and is told why).
 */
export async function holdPromoCode(options: {
  db: Executor;
  code: string;
  orderId: string;
  paymentId: string;
  payerKey: string;
  discountCents: number;
  giftCardCents: number;
}): Promise<void> {
  if (!(await tryHoldPromoCode(options))) {
    throw AppError.conflict(ORDER_MESSAGES.promoCodeChanged, [
      { field: "promo_code", message: ORDER_MESSAGES.promoCodeChanged },
    ]);
  }
}

/** holdPromoCode, answering whether the hold was taken instead of throwing. */
export async function tryHoldPromoCode(options: {
  db: Executor;
  code: string;
  orderId: string;
  paymentId: string;
  payerKey: string;
  discountCents: number;
  giftCardCents: number;
}): Promise<boolean> {
  const { db, code, orderId, paymentId, payerKey, discountCents, giftCardCents } = options;
  const held = await rows<{ id: number }>(
    db,
    sql`with code as (
        update promo_codes set balance_cents = balance_cents - ${giftCardCents}
        where promo_codes.code = ${code}
          and (${giftCardCents}::int = 0 or balance_cents >= ${giftCardCents}::int)
          and (starts_at is null or starts_at <= now()) and (ends_at is null or ends_at > now())
          and (max_redemptions is null or max_redemptions > (select count(*) from promo_code_redemptions r
            where r.code = ${code} and r.status in ('held', 'redeemed')))
          and (max_redemptions_per_customer is null or max_redemptions_per_customer > (select count(*)
            from promo_code_redemptions r where r.code = ${code} and r.payer_key = ${payerKey}
            and r.status in ('held', 'redeemed')))
        returning promo_codes.code
      )
      insert into promo_code_redemptions (code, order_id, payment_id, payer_key, status, discount_cents, gift_card_cents)
      select code.code, ${orderId}, ${paymentId}, ${payerKey}, 'held', ${discountCents}, ${giftCardCents} from code
      returning id`,
  );
  return held.length > 0;
}

/** Gives back a failed payment's hold: the use no longer counts, and a gift card's amount is on its balance again. */
export async function releasePromoHold(options: { db: Executor; paymentId: string }): Promise<void> {
  await options.db.execute(sql`with released as (
      update promo_code_redemptions set status = 'released', updated_at = now()
      where payment_id = ${options.paymentId} and status = 'held'
      returning code, gift_card_cents
    )
    update promo_codes set balance_cents = promo_codes.balance_cents + released.gift_card_cents
    from released where promo_codes.code = released.code and released.gift_card_cents > 0`);
}
