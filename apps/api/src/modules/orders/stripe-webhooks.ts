import { and, eq, sql } from "drizzle-orm";
import type { CardProcessor } from "../../adapters/card/card.ts";
import type { Database } from "../../db/client.ts";
import { jobs, orderPayments } from "../../db/schema/index.ts";

/**
 * Accepts a Stripe webhook event (decision 061). The signature is checked by the card processor (the `stripe`
 * package's `constructEvent` over the exact bytes, with a five-minute tolerance): a forged, altered or stale
 * event is refused. A `payment_intent.succeeded` or `payment_intent.payment_failed` for a card attempt that is
 * still `processing` (its reply was lost) makes that attempt's reconciliation job due now, instead of minutes
 * later; the job asks Stripe and settles the attempt as usual, so a repeated or reordered event changes nothing.
 */
export async function acceptStripeWebhook(options: {
  db: Database;
  cardProcessor: CardProcessor;
  signature: string | undefined;
  body: string;
}): Promise<"forged" | "ignored" | "reconciling"> {
  const { db, cardProcessor } = options;
  if (!cardProcessor.parseWebhook) return "forged";
  const event = cardProcessor.parseWebhook({ body: options.body, signature: options.signature });
  if (event.kind !== "payment") return event.kind;
  const [attempt] = await db
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.processorKey, event.idempotencyKey),
        eq(orderPayments.kind, "card"),
        eq(orderPayments.status, "processing"),
      ),
    );
  if (!attempt) return "ignored";
  const due = await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(
      and(
        eq(jobs.kind, "reconcile_order_payment"),
        eq(jobs.dedupeKey, attempt.id),
        eq(jobs.status, "pending"),
        sql`${jobs.runAt} > now()`,
      ),
    )
    .returning({ id: jobs.id });
  return due.length > 0 ? "reconciling" : "ignored";
}
