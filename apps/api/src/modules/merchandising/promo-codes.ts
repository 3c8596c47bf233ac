import { randomInt } from "node:crypto";
import { MERCHANDISING_LIMITS } from "@threadfolk/contract/merchandising";
import { PROMO_CODE_PATTERN, type PromoCodeKind } from "@threadfolk/contract/promo-codes";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders, promoCodeRedemptions, promoCodes } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { ChangeOptions, Executor } from "./merchandising-change.ts";

/**
 * Promo codes and gift cards for operators (issue 28, decision 076). The rules a shopper meets at checkout are
 * the contract's `checkPromoCode` (decision 033); this creates codes, issues gift cards, expires either (its
 * end set to now: the row and its uses stay, orders name it) and shows their use. Codes are never edited
 * after creation: a shopper may hold a quote made with its terms; to change terms, expire it and create another.
 */

export type PromoCodeSummary = {
  code: string;
  kind: PromoCodeKind;
  percentOff: number | null;
  amountOffCents: number | null;
  minimumSubtotalCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  oncePerCustomer: boolean;
  /** Uses that count (held by a running payment, or redeemed by a paid order). */
  redemptions: number;
  /** Gift cards: what is left, and what was issued (left + what held and redeemed uses took). */
  balanceCents: number | null;
  issuedCents: number | null;
  /** `active`, `scheduled` (not started), `expired`, or `used_up`. */
  status: "active" | "scheduled" | "expired" | "used_up";
  createdAt: Date;
};

export type CodeRedemption = {
  orderId: string;
  orderNumber: string;
  orderState: string;
  email: string | null;
  status: "held" | "redeemed" | "released";
  discountCents: number;
  giftCardCents: number;
  usedAt: Date;
};

type PromoRow = typeof promoCodes.$inferSelect;

function codeStatus(row: PromoRow, redemptions: number, now: Date): PromoCodeSummary["status"] {
  if (row.endsAt && row.endsAt <= now) return "expired";
  if (row.startsAt && row.startsAt > now) return "scheduled";
  if (row.kind === "gift_card" && (row.balanceCents ?? 0) <= 0) return "used_up";
  if (row.maxRedemptions !== null && redemptions >= row.maxRedemptions) return "used_up";
  return "active";
}

async function summarise(db: Executor, rows: PromoRow[], now: Date): Promise<PromoCodeSummary[]> {
  if (rows.length === 0) return [];
  const uses = await db
    .select({
      code: promoCodeRedemptions.code,
      count: sql<number>`count(*)::int`,
      giftCardCents: sql<number>`coalesce(sum(${promoCodeRedemptions.giftCardCents}), 0)::int`,
    })
    .from(promoCodeRedemptions)
    .where(
      and(
        inArray(
          promoCodeRedemptions.code,
          rows.map((row) => row.code),
        ),
        ne(promoCodeRedemptions.status, "released"),
      ),
    )
    .groupBy(promoCodeRedemptions.code);
  const byCode = new Map(uses.map((use) => [use.code, use]));
  return rows.map((row) => {
    const use = byCode.get(row.code);
    const redemptions = Number(use?.count ?? 0);
    return {
      code: row.code,
      kind: row.kind,
      percentOff: row.percentOff,
      amountOffCents: row.amountOffCents,
      minimumSubtotalCents: row.minimumSubtotalCents,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      maxRedemptions: row.maxRedemptions,
      oncePerCustomer: row.maxRedemptionsPerCustomer === 1,
      redemptions,
      balanceCents: row.balanceCents,
      issuedCents: row.kind === "gift_card" ? (row.balanceCents ?? 0) + Number(use?.giftCardCents ?? 0) : null,
      status: codeStatus(row, redemptions, now),
      createdAt: row.createdAt,
    };
  });
}

/** Codes (`codes`) or gift cards (`gift_cards`), newest first, with their use. */
export async function listPromoCodes(options: {
  db: Database;
  kind: "codes" | "gift_cards";
  now?: Date;
}): Promise<PromoCodeSummary[]> {
  const { db, kind, now = new Date() } = options;
  const rows = await db
    .select()
    .from(promoCodes)
    .where(kind === "gift_cards" ? eq(promoCodes.kind, "gift_card") : ne(promoCodes.kind, "gift_card"))
    .orderBy(desc(promoCodes.createdAt), promoCodes.code)
    .limit(500);
  return summarise(db, rows, now);
}

export async function getPromoCode(options: { db: Executor; code: string; now?: Date }): Promise<PromoCodeSummary> {
  const [row] = await options.db.select().from(promoCodes).where(eq(promoCodes.code, options.code.toUpperCase()));
  if (!row) throw AppError.notFound("Code");
  const [summary] = await summarise(options.db, [row], options.now ?? new Date());
  return summary as PromoCodeSummary;
}

/** The orders that used a code or gift card, newest first, with the amounts it took. */
export async function listCodeRedemptions(options: { db: Database; code: string }): Promise<CodeRedemption[]> {
  await getPromoCode({ db: options.db, code: options.code });
  const rows = await options.db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      orderState: orders.state,
      email: orders.email,
      status: promoCodeRedemptions.status,
      discountCents: promoCodeRedemptions.discountCents,
      giftCardCents: promoCodeRedemptions.giftCardCents,
      usedAt: promoCodeRedemptions.createdAt,
    })
    .from(promoCodeRedemptions)
    .innerJoin(orders, eq(orders.id, promoCodeRedemptions.orderId))
    .where(eq(promoCodeRedemptions.code, options.code.toUpperCase()))
    .orderBy(desc(promoCodeRedemptions.id))
    .limit(500);
  return rows;
}

function snapshot(summary: PromoCodeSummary) {
  const { redemptions: _redemptions, status: _status, createdAt: _createdAt, ...terms } = summary;
  return {
    ...terms,
    startsAt: terms.startsAt?.toISOString() ?? null,
    endsAt: terms.endsAt?.toISOString() ?? null,
  };
}

function invalid(field: string, message: string): AppError {
  return new AppError("validation_failed", message, [{ field, message }]);
}

/** Inserts a code; 409 when the code exists (codes are case-insensitive: stored upper case). */
async function insertCode(tx: Executor, values: typeof promoCodes.$inferInsert): Promise<void> {
  const [row] = await tx.insert(promoCodes).values(values).onConflictDoNothing().returning({ code: promoCodes.code });
  if (!row) {
    throw new AppError("conflict", `The code ${values.code} exists already`, [
      { field: "code", message: "This code exists already" },
    ]);
  }
}

export type NewPromoCode = {
  code: string;
  kind: "percent_off" | "amount_off" | "free_shipping";
  percentOff?: number | null;
  amountOffCents?: number | null;
  minimumSubtotalCents?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  maxRedemptions?: number | null;
  oncePerCustomer?: boolean;
};

/** Creates a coupon: a percentage or an amount off the items, or free shipping. */
export async function createPromoCode(
  options: ChangeOptions & NewPromoCode & { now?: Date },
): Promise<PromoCodeSummary> {
  const { db, record, now = new Date() } = options;
  const code = options.code.trim().toUpperCase();
  if (!PROMO_CODE_PATTERN.test(code)) throw invalid("code", "Enter a code of 3 to 32 letters, digits or dashes");
  if (
    options.kind === "percent_off" &&
    !(Number.isInteger(options.percentOff) && (options.percentOff ?? 0) >= 1 && (options.percentOff ?? 0) <= 100)
  ) {
    throw invalid("percent_off", "Enter the percentage off (1 to 100)");
  }
  if (
    options.kind === "amount_off" &&
    !(Number.isInteger(options.amountOffCents) && (options.amountOffCents ?? 0) > 0)
  ) {
    throw invalid("amount_off_cents", "Enter the amount off");
  }
  if (options.startsAt && options.endsAt && options.endsAt <= options.startsAt) {
    throw invalid("ends_at", "The end must be after the start");
  }
  if (options.endsAt && options.endsAt <= now) throw invalid("ends_at", "The end is in the past");
  return db.transaction(async (tx) => {
    await insertCode(tx, {
      code,
      kind: options.kind,
      percentOff: options.kind === "percent_off" ? (options.percentOff ?? null) : null,
      amountOffCents: options.kind === "amount_off" ? (options.amountOffCents ?? null) : null,
      balanceCents: null,
      minimumSubtotalCents: options.minimumSubtotalCents ?? 0,
      startsAt: options.startsAt ?? null,
      endsAt: options.endsAt ?? null,
      maxRedemptions: options.maxRedemptions ?? null,
      maxRedemptionsPerCustomer: options.oncePerCustomer ? 1 : null,
    });
    const created = await getPromoCode({ db: tx, code, now });
    await record?.(tx, {
      action: "code.create",
      subjectType: "promo_code",
      subjectId: code,
      before: null,
      after: snapshot(created),
    });
    return created;
  });
}

/** Gift card codes: GIFT- and 12 characters without look-alikes (0/O, 1/I). */
const GIFT_CARD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function makeGiftCardCode(): string {
  let suffix = "";
  for (let index = 0; index < 12; index += 1) suffix += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  return `GIFT-${suffix.slice(0, 4)}-${suffix.slice(4, 8)}-${suffix.slice(8)}`;
}

/** Issues a gift card of `amountCents` (its code made up when not given). */
export async function issueGiftCard(
  options: ChangeOptions & { code?: string; amountCents: number; endsAt?: Date | null; now?: Date },
): Promise<PromoCodeSummary> {
  const { db, record, amountCents, now = new Date() } = options;
  if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > MERCHANDISING_LIMITS.amountMaxCents) {
    throw invalid("amount_cents", "Enter an amount from $0.01 to $1,000");
  }
  if (options.endsAt && options.endsAt <= now) throw invalid("ends_at", "The end is in the past");
  const code = (options.code ?? makeGiftCardCode()).trim().toUpperCase();
  if (!PROMO_CODE_PATTERN.test(code)) throw invalid("code", "Enter a code of 3 to 32 letters, digits or dashes");
  return db.transaction(async (tx) => {
    await insertCode(tx, {
      code,
      kind: "gift_card",
      balanceCents: amountCents,
      minimumSubtotalCents: 0,
      endsAt: options.endsAt ?? null,
    });
    const issued = await getPromoCode({ db: tx, code, now });
    await record?.(tx, {
      action: "gift_card.issue",
      subjectType: "gift_card",
      subjectId: code,
      before: null,
      after: snapshot(issued),
    });
    return issued;
  });
}

/**
 * Expires a code or gift card now: its end is set to now, so checkout refuses it from this moment ("This code
 * has expired"); a payment already holding it completes. A gift card's balance stays on record. 409 when it
 * has expired already.
 */
export async function expirePromoCode(
  options: ChangeOptions & { code: string; now?: Date },
): Promise<PromoCodeSummary> {
  const { db, record, now = new Date() } = options;
  const code = options.code.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for("update");
    if (!row) throw AppError.notFound("Code");
    const before = await getPromoCode({ db: tx, code, now });
    if (before.status === "expired") throw AppError.conflict("This code has expired already");
    await tx.update(promoCodes).set({ endsAt: now }).where(eq(promoCodes.code, code));
    const after = await getPromoCode({ db: tx, code, now });
    const action = row.kind === "gift_card" ? "gift_card.expire" : "code.expire";
    await record?.(tx, {
      action,
      subjectType: row.kind === "gift_card" ? "gift_card" : "promo_code",
      subjectId: code,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}
