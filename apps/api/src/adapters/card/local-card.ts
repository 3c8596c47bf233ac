import { randomBytes } from "node:crypto";
import {
  CARD_BRANDS,
  CARD_DECLINE_MESSAGES,
  type CardBrand,
  type CardDeclineCode,
  cardBrandOf,
  checkCard,
  LOCAL_TEST_CARDS,
  normalizeCardNumber,
  parseExpiry,
} from "@threadfolk/contract/card-rules";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { cardCharges, cardRefunds } from "../../db/schema/card-payments.ts";
import {
  CardIdempotencyKeyReuseError,
  type CardProcessor,
  CardRequestError,
  type ChargeResult,
  cardFingerprint,
  isRawCard,
  parseChargeRequest,
  parseRefundRequest,
  parseRetrieveRequest,
  type RefundResult,
} from "./card.ts";

/**
 * The local card processor (decision 026): the default, offline, and a test processor (no real card is
 * charged; the UI says so with LOCAL_PROCESSOR_NOTICE). It really processes: the card rules decide first
 * (number, expiry, CVC), then the test numbers give their outcomes and any other valid card succeeds. Every
 * attempt is one row of `card_charges` under its idempotency key, written in one statement, so a replay or a
 * concurrent duplicate answers the first result and never charges twice.
 */

export type LocalCardOptions = {
  db: Database;
  /** The key of the card fingerprints (see CARD_FINGERPRINT_SECRET). */
  fingerprintKey: () => Promise<Buffer>;
  /** The clock the expiry is judged by. */
  now?: () => Date;
};

const TEST_OUTCOMES = new Map(LOCAL_TEST_CARDS.map((card) => [card.number, card.outcome]));

type ChargeRow = typeof cardCharges.$inferSelect;

function resultOf(row: ChargeRow): ChargeResult {
  if (row.status === "declined") {
    const code = row.declineCode as CardDeclineCode;
    return { status: "declined", code, message: CARD_DECLINE_MESSAGES[code], chargeId: row.id };
  }
  if (row.expMonth === null || row.expYear === null) throw new Error(`card charge ${row.id} has no expiry`);
  return {
    status: "succeeded",
    chargeId: row.id,
    amountCents: row.amountCents,
    brand: (CARD_BRANDS as readonly string[]).includes(row.brand) ? (row.brand as CardBrand) : "unknown",
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    fingerprint: row.fingerprint,
  };
}

const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString("hex")}`;

export function createLocalCard(options: LocalCardOptions): CardProcessor {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  return {
    name: "local",

    async authorizeAndCapture(input) {
      const parsed = parseChargeRequest(input);
      const card = parsed.card;
      if (!isRawCard(card)) {
        throw new CardRequestError("charge request", "card: the local test processor takes the card's fields");
      }
      const request = { ...parsed, card };
      const number = normalizeCardNumber(request.card.number);
      const fingerprint = cardFingerprint(await options.fingerprintKey(), number);
      const check = checkCard(request.card, now());
      let declineCode: CardDeclineCode | null = null;
      if (!check.ok) declineCode = check.code;
      else {
        const outcome = TEST_OUTCOMES.get(check.number);
        if (outcome && outcome !== "succeeded") declineCode = outcome;
      }
      const expiry = parseExpiry(request.card.expMonthYear);
      const [inserted] = await db
        .insert(cardCharges)
        .values({
          id: localId("ch"),
          idempotencyKey: request.idempotencyKey,
          orderNumber: request.orderNumber,
          description: request.description,
          amountCents: request.amountCents,
          currency: request.currency,
          status: declineCode ? "declined" : "succeeded",
          declineCode,
          brand: cardBrandOf(number),
          last4: number.replace(/\D/g, "").slice(-4),
          expMonth: expiry?.month ?? null,
          expYear: expiry?.year ?? null,
          expMonthYear: request.card.expMonthYear,
          fingerprint,
        })
        .onConflictDoNothing({ target: cardCharges.idempotencyKey })
        .returning();
      if (inserted) return resultOf(inserted);
      // The key was used before (or is being used right now: the unique index let one insert through).
      const [first] = await db.select().from(cardCharges).where(eq(cardCharges.idempotencyKey, request.idempotencyKey));
      if (!first) throw new Error("card charge vanished after an idempotency conflict");
      const same =
        first.amountCents === request.amountCents &&
        first.currency === request.currency &&
        first.orderNumber === request.orderNumber &&
        first.description === request.description &&
        first.fingerprint === fingerprint &&
        first.expMonthYear === request.card.expMonthYear;
      if (!same) throw new CardIdempotencyKeyReuseError();
      return resultOf(first);
    },

    async refund(input) {
      const request = parseRefundRequest(input);
      return db.transaction(async (tx): Promise<RefundResult> => {
        const [charge] = await tx.select().from(cardCharges).where(eq(cardCharges.id, request.chargeId)).for("update");
        const [earlier] = await tx
          .select()
          .from(cardRefunds)
          .where(eq(cardRefunds.idempotencyKey, request.idempotencyKey));
        if (earlier) {
          if (earlier.chargeId !== request.chargeId || earlier.amountCents !== request.amountCents) {
            throw new CardIdempotencyKeyReuseError();
          }
          return {
            status: "succeeded",
            refundId: earlier.id,
            chargeId: earlier.chargeId,
            amountCents: earlier.amountCents,
          };
        }
        if (!charge) return { status: "rejected", code: "charge_not_found", message: "No such charge" };
        if (charge.status !== "succeeded") {
          return {
            status: "rejected",
            code: "charge_not_succeeded",
            message: "Only a succeeded charge can be refunded",
          };
        }
        const refundable = charge.amountCents - charge.refundedCents;
        if (request.amountCents > refundable) {
          return {
            status: "rejected",
            code: "exceeds_charge",
            message: `Refund of ${request.amountCents} cents is more than the ${refundable} cents left on the charge`,
          };
        }
        const [refund] = await tx
          .insert(cardRefunds)
          .values({
            id: localId("re"),
            idempotencyKey: request.idempotencyKey,
            chargeId: charge.id,
            amountCents: request.amountCents,
          })
          .returning();
        if (!refund) throw new Error("refund insert returned nothing");
        await tx
          .update(cardCharges)
          .set({ refundedCents: sql`${cardCharges.refundedCents} + ${request.amountCents}` })
          .where(eq(cardCharges.id, charge.id));
        return { status: "succeeded", refundId: refund.id, chargeId: charge.id, amountCents: refund.amountCents };
      });
    },

    async retrieve(input) {
      const request = parseRetrieveRequest(input);
      const [row] = await db.select().from(cardCharges).where(eq(cardCharges.idempotencyKey, request.idempotencyKey));
      return row ? resultOf(row) : { status: "not_found" };
    },
  };
}
