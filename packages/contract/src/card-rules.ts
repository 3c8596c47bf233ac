/**
 * Card rules (spec section 5; decision 026), shared by the web form and the card processors: the Luhn check,
 * the brand from the number, an MMYY expiry valid through the last day of its month, and the CVC length by
 * brand. Pure functions; the clock is a parameter.
 */

export const CARD_BRANDS = ["visa", "mastercard", "amex", "discover", "unknown"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** How a brand is written for shoppers ("Visa ending 4242"). */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  unknown: "Card",
};

/**
 * Why a card payment did not go through (decision 026). The first five are the issuer's answers; the rest are
 * the card's own data failing the rules before anyone is asked.
 */
export const CARD_DECLINE_CODES = [
  "card_declined",
  "insufficient_funds",
  "expired_card",
  "incorrect_cvc",
  "processing_error",
  "incorrect_number",
  "invalid_expiry",
  "invalid_cvc",
  "authentication_required",
] as const;
export type CardDeclineCode = (typeof CARD_DECLINE_CODES)[number];

/** What a shopper is told for each decline; never more than the issuer's reason allows. */
export const CARD_DECLINE_MESSAGES: Record<CardDeclineCode, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: "An error occurred while processing your card. Try again in a little bit.",
  incorrect_number: "Your card number is incorrect.",
  invalid_expiry: "Your card's expiration date is invalid.",
  invalid_cvc: "Your card's security code is invalid.",
  authentication_required: "Your card needs authentication that this checkout cannot do. Try another card.",
};

/** Shown wherever the local (offline) processor takes the payment, so that nobody mistakes it for a real one. */
export const LOCAL_PROCESSOR_NOTICE = "Test processor: no real card is charged";

/** The local processor's test numbers and what each one does (any other valid number succeeds). */
export const LOCAL_TEST_CARDS: ReadonlyArray<{ number: string; outcome: "succeeded" | CardDeclineCode }> = [
  { number: "4242424242424242", outcome: "succeeded" },
  { number: "4000000000000002", outcome: "card_declined" },
  { number: "4000000000009995", outcome: "insufficient_funds" },
  { number: "4000000000000069", outcome: "expired_card" },
  { number: "4000000000000127", outcome: "incorrect_cvc" },
  { number: "4000000000000119", outcome: "processing_error" },
];

const MIN_NUMBER_LENGTH = 12;
const MAX_NUMBER_LENGTH = 19;

/** The number without the spaces and dashes people type between groups of digits. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** The Luhn (mod 10) check digit test; false for anything that is not 12 to 19 digits. */
export function passesLuhn(number: string): boolean {
  if (!/^\d+$/.test(number) || number.length < MIN_NUMBER_LENGTH || number.length > MAX_NUMBER_LENGTH) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = number.charCodeAt(number.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const inRange = (value: number, low: number, high: number) => value >= low && value <= high;

/** The brand a number's prefix (IIN) belongs to; `unknown` for other networks or too few digits. */
export function cardBrandOf(number: string): CardBrand {
  const digits = normalizeCardNumber(number);
  if (!/^\d{6,}$/.test(digits)) return "unknown";
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  const six = Number(digits.slice(0, 6));
  if (digits.startsWith("4")) return "visa";
  if (two === 34 || two === 37) return "amex";
  if (inRange(two, 51, 55) || inRange(four, 2221, 2720)) return "mastercard";
  if (four === 6011 || two === 65 || inRange(three, 644, 649) || inRange(six, 622126, 622925)) return "discover";
  return "unknown";
}

/** The lengths each brand issues; an unknown brand may have any length the Luhn check allows. */
export const CARD_NUMBER_LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

/** The CVC length a brand prints: 4 on American Express (front), 3 on the others (back). */
export function cvcLengthFor(brand: CardBrand): number {
  return brand === "amex" ? 4 : 3;
}

export type CardExpiry = { month: number; year: number };

/** An MMYY expiry ("0728") as month and four-digit year, or undefined when it is not a real month. */
export function parseExpiry(expMonthYear: string): CardExpiry | undefined {
  const match = /^(\d{2})(\d{2})$/.exec(expMonthYear);
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(match[2]) };
}

/** Hours behind UTC of the last time zone to leave a day (UTC−12): the month ends there last. */
const LAST_ZONE_OFFSET_HOURS = 12;

/**
 * True once the expiry's month is over everywhere: a card is valid through the last day of its month, and
 * the shopper's time zone is unknown, so the month ends when it has ended in UTC−12.
 */
export function isExpired(expiry: CardExpiry, now: Date): boolean {
  const firstMomentAfter = Date.UTC(expiry.year, expiry.month, 1, LAST_ZONE_OFFSET_HOURS);
  return now.getTime() >= firstMomentAfter;
}

export type CardInput = { number: string; expMonthYear: string; cvc: string };

export type CardCheck =
  | { ok: true; number: string; brand: CardBrand; last4: string; expMonth: number; expYear: number }
  | { ok: false; code: "incorrect_number" | "invalid_expiry" | "expired_card" | "invalid_cvc" };

/**
 * Every rule at once, in the order a processor applies them: number (digits, length for its brand, Luhn),
 * expiry (a real month, not over), then the CVC length for the brand.
 */
export function checkCard(card: CardInput, now: Date): CardCheck {
  const number = normalizeCardNumber(card.number);
  const brand = cardBrandOf(number);
  if (!passesLuhn(number) || !CARD_NUMBER_LENGTHS[brand].includes(number.length)) {
    return { ok: false, code: "incorrect_number" };
  }
  const expiry = parseExpiry(card.expMonthYear);
  if (!expiry) return { ok: false, code: "invalid_expiry" };
  if (isExpired(expiry, now)) return { ok: false, code: "expired_card" };
  if (!new RegExp(`^\\d{${cvcLengthFor(brand)}}$`).test(card.cvc)) return { ok: false, code: "invalid_cvc" };
  return { ok: true, number, brand, last4: number.slice(-4), expMonth: expiry.month, expYear: expiry.year };
}
