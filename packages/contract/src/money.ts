/**
 * Money in one place (docs/decisions/015-money-and-web-building-blocks.md). Amounts are integer cents from the
 * database to the presenter; only `formatCents` turns them into the spec's strings ("$12.50"), at the edge.
 *
 * THE rounding rule: every computed amount (a sale price, a tax, a share) is worked out exactly on integers
 * (BigInt, never a float: 1.005 * 100 is 100.49999999999999) and then rounded ONCE to the cent, half-up:
 * a fraction of exactly half a cent goes to the next cent away from zero (1499.5 -> 1500, -0.5 -> -1).
 * An amount derived from computed ones (the discount of a sale, the platform's share) is their difference,
 * never rounded separately, so that the parts of an order always add up to the cent.
 */

declare const centsBrand: unique symbol;

/** An amount of money in cents: a safe integer (sums of prices can never lose a cent to float rounding). */
export type Cents = number & { readonly [centsBrand]: true };

/** The shop's currency and the locale its amounts are written in (spec section 9: USD, locale us). */
export const CURRENCY = "USD";
export const LOCALE = "en-US";

/** Most decimals a percentage may have (tax rates such as 8.875 %); more means it came out of float arithmetic. */
const MAX_PERCENT_DECIMALS = 4;

const CENTS_PER_UNIT = 100n;

/** True when `value` can be used as cents: an integer within Number's safe range. */
function isCents(value: unknown): value is Cents {
  return Number.isSafeInteger(value);
}

/** `value` as cents; throws a RangeError for a fraction, NaN, an infinity or a value beyond the safe range. */
export function toCents(value: number): Cents {
  if (!isCents(value)) throw new RangeError(`not an amount of cents: ${value}`);
  return value;
}

function centsFromBigInt(value: bigint): Cents {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`amount out of range: ${value} cents`);
  }
  return Number(value) as Cents;
}

/** numerator / denominator (denominator > 0) rounded half-up: a tie goes away from zero. */
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return numerator < 0n ? -rounded : rounded;
}

/** A percentage as an exact fraction of 100: 8.875 -> 8875 / 100000. */
function percentAsFraction(percent: number): { numerator: bigint; denominator: bigint } {
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`not a percentage: ${percent}`);
  const written = String(percent);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(written);
  const decimals = match?.[2] ?? "";
  if (!match || decimals.length > MAX_PERCENT_DECIMALS) {
    throw new RangeError(`a percentage must have at most ${MAX_PERCENT_DECIMALS} decimals: ${written}`);
  }
  return { numerator: BigInt(`${match[1]}${decimals}`), denominator: 100n * 10n ** BigInt(decimals.length) };
}

/** `percent` % of `amount`, rounded half-up to the cent: the tax on a subtotal, an artist's share of a sale. */
export function percentOf(amount: Cents, percent: number): Cents {
  const { numerator, denominator } = percentAsFraction(percent);
  return centsFromBigInt(divideRoundingHalfUp(BigInt(toCents(amount)) * numerator, denominator));
}

/**
 * What remains of `amount` with `percent` % off (0 to 100), rounded half-up to the cent: the sale price is the
 * amount rounded, and the discount is `amount` minus it (25 % off 2002 is 1502, a discount of 500).
 */
export function applyPercentOff(amount: Cents, percent: number): Cents {
  if (percent > 100) throw new RangeError(`cannot take more than 100 % off: ${percent}`);
  const { numerator, denominator } = percentAsFraction(percent);
  return centsFromBigInt(divideRoundingHalfUp(BigInt(toCents(amount)) * (denominator - numerator), denominator));
}

/** `amount` times a whole, non-negative `quantity` (a line's total). */
export function multiply(amount: Cents, quantity: number): Cents {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`not a quantity: ${quantity}`);
  return centsFromBigInt(BigInt(toCents(amount)) * BigInt(quantity));
}

/** The sum of `amounts` (0 for none). */
export function sumCents(amounts: readonly Cents[]): Cents {
  let total = 0n;
  for (const amount of amounts) total += BigInt(toCents(amount));
  return centsFromBigInt(total);
}

/**
 * `total` shared out in proportion to `weights` (non-negative integers, at least one above zero: the lines'
 * amounts, or the parts' basis points), to the cent and summing to `total` exactly. Each part is its exact
 * share rounded down; the cents left over go one each to the parts with the largest remainders, the earlier
 * part first on a tie. A negative total (a refund) is split as its opposite, so refunds mirror charges.
 */
export function splitProportionally(total: Cents, weights: readonly number[]): Cents[] {
  const totalWeight = weights.reduce((sum, weight) => {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`not a weight: ${weight}`);
    return sum + BigInt(weight);
  }, 0n);
  if (totalWeight === 0n) throw new RangeError("cannot split in proportion to weights that are all zero");
  const magnitude = BigInt(Math.abs(toCents(total)));
  const shares = weights.map((weight, index) => {
    const exact = magnitude * BigInt(weight);
    return { index, cents: exact / totalWeight, remainder: exact % totalWeight };
  });
  let leftOver = magnitude - shares.reduce((sum, share) => sum + share.cents, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (leftOver === 0n) break;
    share.cents += 1n;
    leftOver -= 1n;
  }
  return shares.map((share) => centsFromBigInt(total < 0 ? -share.cents : share.cents));
}

const formatter = new Intl.NumberFormat(LOCALE, { style: "currency", currency: CURRENCY });
const wholeFormatter = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: CURRENCY,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * Formats cents (a `Cents` or a stored integer column) as the spec's money strings in the shop's currency and
 * locale: 1250 -> "$12.50". Throws a RangeError for anything that is not a whole number of cents.
 */
export function formatCents(amount: number): string {
  const known = formattedAmounts.get(amount);
  if (known !== undefined) return known;
  const formatted = formatExactly(amount);
  // Prices repeat (every line, every card, every total): Intl's formatting is the costly part of a reply.
  if (formattedAmounts.size >= MAX_REMEMBERED_AMOUNTS) formattedAmounts.clear();
  formattedAmounts.set(amount, formatted);
  return formatted;
}

const formattedAmounts = new Map<number, string>();
const MAX_REMEMBERED_AMOUNTS = 10_000;

/**
 * Cents as a plain decimal amount in the currency's units, two places, no symbol: 1250 -> "12.50" (how schema.org
 * offers and Open Graph prices are written). Throws a RangeError for anything that is not a whole number of cents.
 */
export function decimalAmount(amount: number): string {
  const magnitude = BigInt(Math.abs(toCents(amount)));
  const units = magnitude / CENTS_PER_UNIT;
  const cents = String(magnitude % CENTS_PER_UNIT).padStart(2, "0");
  return `${amount < 0 ? "-" : ""}${units}.${cents}`;
}

function formatExactly(amount: number): string {
  // A decimal string rather than amount / 100: Intl formats it exactly, however large the amount.
  return formatter.format(decimalAmount(amount) as Intl.StringNumericLiteral);
}

/** The price and sale price shown when a design has none (spec section 9: '$0', no cents). */
export const FALLBACK_PRICE = wholeFormatter.format(0);
