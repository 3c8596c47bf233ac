import type { PromoCodeKind } from "@threadfolk/contract/promo-codes";
import type { AppContext } from "../context.ts";
import { promoCodes } from "../db/schema/index.ts";

type DemoCode = {
  code: string;
  kind: PromoCodeKind;
  percentOff?: number;
  amountOffCents?: number;
  balanceCents?: number;
  minimumSubtotalCents?: number;
  maxRedemptionsPerCustomer?: number;
  /** Ended yesterday, to show the expired message. */
  expired?: boolean;
};

/**
 * The demo marketplace's codes (issue 13, deliverable 5), named in the README. Gift cards are spent as they are
 * used, so there are several small ones.
 */
export const DEMO_PROMO_CODES: DemoCode[] = [
  { code: "WELCOME10", kind: "percent_off", percentOff: 10, maxRedemptionsPerCustomer: 1 },
  { code: "SAVE5", kind: "amount_off", amountOffCents: 500, minimumSubtotalCents: 3000 },
  { code: "FREESHIP", kind: "free_shipping" },
  { code: "SUMMER2025", kind: "percent_off", percentOff: 25, expired: true },
  { code: "GIFT-100", kind: "gift_card", balanceCents: 10_000 },
  ...["A", "B", "C", "D", "E", "F"].map(
    (letter): DemoCode => ({ code: `GIFT-10-${letter}`, kind: "gift_card", balanceCents: 1000 }),
  ),
];

export async function seedDemoPromoCodes(context: Pick<AppContext, "db">): Promise<void> {
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
  await context.db
    .insert(promoCodes)
    .values(
      DEMO_PROMO_CODES.map((code) => ({
        code: code.code,
        kind: code.kind,
        percentOff: code.percentOff ?? null,
        amountOffCents: code.amountOffCents ?? null,
        balanceCents: code.balanceCents ?? null,
        minimumSubtotalCents: code.minimumSubtotalCents ?? 0,
        maxRedemptionsPerCustomer: code.maxRedemptionsPerCustomer ?? null,
        endsAt: code.expired ? yesterday : null,
      })),
    )
    .onConflictDoNothing();
}
