import { type Cents, multiply, percentOf, splitProportionally, sumCents, toCents } from "./money.ts";

/**
 * The royalty rule and the order reconciliation of the earnings ledger (issue 13; decision 030). Pure functions
 * on integer cents; the rounding is money.ts's one rule (half-up, once, on the line).
 *
 * Per paid line:
 *   paid          = unit price paid (the sale price when one applied) x quantity
 *   production    = the garment's base cost x quantity
 *   margin        = paid - production
 *   artist        = ARTIST_SHARE_PERCENT % of the margin, rounded half-up (0 when the margin is not positive)
 *   discount      = the line's part of the order's discount (in proportion to `paid`; the platform absorbs it)
 *   platform      = paid - discount - production - artist (the rest, never rounded on its own; may be negative)
 * so that, per line, paid - discount = production + artist + platform, to the cent.
 */

/** What the platform keeps of a line's margin (the price paid above the garment's base cost). */
export const PLATFORM_COMMISSION_PERCENT = 20;
/** What the artist earns of a line's margin. */
export const ARTIST_SHARE_PERCENT = 100 - PLATFORM_COMMISSION_PERCENT;

/** A paid line as frozen on the order when it was placed. */
export type EarningsLine = {
  /** The line's key (its order_line_items id); echoed in the result. */
  id: number;
  quantity: number;
  /** The catalogue price of one unit when placed. */
  unitPriceCents: number;
  /** The sale price of one unit when one applied, else null. */
  unitSalePriceCents: number | null;
  /** The garment's base (production) cost of one unit. */
  unitBaseCostCents: number;
};

/** One line's split: what the ledger's sale entry records. */
export type LineEarnings = {
  id: number;
  quantity: number;
  /** The line as paid (after sale prices), before the order's discount. */
  grossCents: Cents;
  /** The line's part of the order-level discount (a code), taken from the platform's share only. */
  discountCents: Cents;
  productionCostCents: Cents;
  artistEarningsCents: Cents;
  platformShareCents: Cents;
};

/** The unit price a shopper paid: the sale price when one applied. */
export function unitPaidCents(line: Pick<EarningsLine, "unitPriceCents" | "unitSalePriceCents">): Cents {
  return toCents(line.unitSalePriceCents ?? line.unitPriceCents);
}

/**
 * Splits every paid line of an order between production, the artist and the platform (the rule above).
 * `discountCents` is the order's discount (its codes); it is shared over the lines in proportion to what was
 * paid for them (money.ts `splitProportionally`, summing exactly) and reduces the platform's share only, so a
 * code never costs an artist anything. Throws a RangeError for a bad amount or an order without lines.
 */
export function computeOrderEarnings(options: {
  lines: readonly EarningsLine[];
  discountCents: number;
  artistSharePercent?: number;
}): LineEarnings[] {
  const { lines, artistSharePercent = ARTIST_SHARE_PERCENT } = options;
  const discount = toCents(options.discountCents);
  if (lines.length === 0) throw new RangeError("an order without lines has no earnings");
  if (discount < 0) throw new RangeError(`a discount cannot be negative: ${discount}`);
  const gross = lines.map((line) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
      throw new RangeError(`not a quantity: ${line.quantity}`);
    }
    return multiply(unitPaidCents(line), line.quantity);
  });
  const discounts = discount === 0 ? lines.map(() => toCents(0)) : splitProportionally(discount, gross);
  return lines.map((line, index) => {
    const grossCents = gross[index] as Cents;
    const discountCents = discounts[index] as Cents;
    const productionCostCents = multiply(toCents(line.unitBaseCostCents), line.quantity);
    const margin = toCents(grossCents - productionCostCents);
    const artistEarningsCents = margin > 0 ? percentOf(margin, artistSharePercent) : toCents(0);
    return {
      id: line.id,
      quantity: line.quantity,
      grossCents,
      discountCents,
      productionCostCents,
      artistEarningsCents,
      platformShareCents: toCents(grossCents - discountCents - productionCostCents - artistEarningsCents),
    };
  });
}

/** An order's frozen amounts (orders.item_total_cents … total_cents). */
export type OrderAmounts = {
  itemTotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
};

/** The ledger's amounts of one order: its entries (sales and any reversals), each signed. */
export type LedgerAmounts = {
  grossCents: number;
  discountCents: number;
  productionCostCents: number;
  artistEarningsCents: number;
  platformShareCents: number;
};

export type OrderReconciliation = {
  /** True when every equation below holds to the cent. */
  isBalanced: boolean;
  /** Each equation that does not hold, in words with its figures (empty when balanced). */
  problems: string[];
  /** The figures compared, for a report. */
  figures: {
    itemTotalCents: Cents;
    discountCents: Cents;
    shippingCents: Cents;
    taxCents: Cents;
    /** items - discounts + shipping + tax. */
    expectedChargeCents: Cents;
    /** What was captured, every tender together (card or PayPal capture, gift card redemptions). */
    chargedCents: Cents;
    artistEarningsCents: Cents;
    platformShareCents: Cents;
    productionCostCents: Cents;
    /** artists' earnings + platform share + production cost + shipping + tax collected. */
    distributedCents: Cents;
  };
};

/**
 * The check every paid order passes (decision 030):
 *   items - discounts + shipping + tax = charged = artists' earnings + platform share + production cost
 *   + shipping + tax collected,
 * plus the ledger's own consistency: its lines add up to the order's items and discount, and every entry
 * balances on its own. `entries` are the order's sale entries (a refunded order's reversals cancel them and are
 * checked against the refund instead). `charges` are the captured amounts of every tender.
 */
export function reconcileOrder(options: {
  order: OrderAmounts;
  charges: readonly number[];
  entries: readonly LedgerAmounts[];
}): OrderReconciliation {
  const { order, entries } = options;
  const problems: string[] = [];
  const sum = (pick: (entry: LedgerAmounts) => number) => sumCents(entries.map((entry) => toCents(pick(entry))));
  const itemTotalCents = toCents(order.itemTotalCents);
  const discountCents = toCents(order.discountCents);
  const shippingCents = toCents(order.shippingCents);
  const taxCents = toCents(order.taxCents);
  const expectedChargeCents = toCents(itemTotalCents - discountCents + shippingCents + taxCents);
  const chargedCents = sumCents(options.charges.map(toCents));
  const artistEarningsCents = sum((entry) => entry.artistEarningsCents);
  const platformShareCents = sum((entry) => entry.platformShareCents);
  const productionCostCents = sum((entry) => entry.productionCostCents);
  const distributedCents = sumCents([
    artistEarningsCents,
    platformShareCents,
    productionCostCents,
    shippingCents,
    taxCents,
  ]);

  if (expectedChargeCents !== toCents(order.totalCents)) {
    problems.push(`items - discounts + shipping + tax is ${expectedChargeCents}, the order total ${order.totalCents}`);
  }
  if (chargedCents !== expectedChargeCents) {
    problems.push(`charged ${chargedCents}, expected ${expectedChargeCents}`);
  }
  if (distributedCents !== expectedChargeCents) {
    problems.push(
      `earnings + platform share + production + shipping + tax is ${distributedCents}, expected ${expectedChargeCents}`,
    );
  }
  const ledgerItems = sum((entry) => entry.grossCents);
  if (ledgerItems !== itemTotalCents) problems.push(`the ledger's lines total ${ledgerItems}, items ${itemTotalCents}`);
  const ledgerDiscount = sum((entry) => entry.discountCents);
  if (ledgerDiscount !== discountCents) {
    problems.push(`the ledger's discounts total ${ledgerDiscount}, the order's ${discountCents}`);
  }
  for (const [index, entry] of entries.entries()) {
    const parts = entry.productionCostCents + entry.artistEarningsCents + entry.platformShareCents;
    if (entry.grossCents - entry.discountCents !== parts) {
      problems.push(
        `entry ${index + 1}: paid less discount is ${entry.grossCents - entry.discountCents}, parts ${parts}`,
      );
    }
  }
  return {
    isBalanced: problems.length === 0,
    problems,
    figures: {
      itemTotalCents,
      discountCents,
      shippingCents,
      taxCents,
      expectedChargeCents,
      chargedCents,
      artistEarningsCents,
      platformShareCents,
      productionCostCents,
      distributedCents,
    },
  };
}
