import { describe, expect, it } from "vitest";
import {
  CARD_DECLINE_CODES,
  CARD_DECLINE_MESSAGES,
  cardBrandOf,
  checkCard,
  cvcLengthFor,
  isExpired,
  LOCAL_TEST_CARDS,
  normalizeCardNumber,
  parseExpiry,
  passesLuhn,
} from "./card-rules.ts";

/** The networks' published test numbers (all pass Luhn). */
const VISA = "4242424242424242";
const VISA_13 = "4222222222222";
const MASTERCARD = "5555555555554444";
const MASTERCARD_2_SERIES = "2223003122003222";
const AMEX = "378282246310005";
const DISCOVER = "6011111111111117";
const DISCOVER_65 = "6500000000000002";
const JCB = "3566002020360505";

describe("passesLuhn", () => {
  it.each([VISA, VISA_13, MASTERCARD, MASTERCARD_2_SERIES, AMEX, DISCOVER, DISCOVER_65, JCB])(
    "accepts %s",
    (number) => {
      expect(passesLuhn(number)).toBe(true);
    },
  );

  it("refuses a number with one digit changed or two neighbours swapped", () => {
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("4242424242424224")).toBe(false);
    expect(passesLuhn("2423424242424242")).toBe(false);
  });

  it("doubles every second digit from the right, folding two-digit products (59 -> 5 + 9 = 14 -> check 6)", () => {
    // 7992739871 is the textbook example: its check digit is 3.
    expect(passesLuhn("79927398713")).toBe(false); // 11 digits: too short for a card
    expect(passesLuhn("000079927398713")).toBe(true);
    expect(passesLuhn("000079927398710")).toBe(false);
  });

  it("refuses anything but 12 to 19 digits", () => {
    expect(passesLuhn("")).toBe(false);
    expect(passesLuhn("00000000000")).toBe(false);
    expect(passesLuhn("000000000000")).toBe(true);
    expect(passesLuhn("0".repeat(19))).toBe(true);
    expect(passesLuhn("0".repeat(20))).toBe(false);
    expect(passesLuhn("4242 4242 4242 4242")).toBe(false);
    expect(passesLuhn("42424242424242４2")).toBe(false);
  });
});

describe("cardBrandOf", () => {
  it.each([
    [VISA, "visa"],
    [VISA_13, "visa"],
    [MASTERCARD, "mastercard"],
    ["5105105105105100", "mastercard"],
    [MASTERCARD_2_SERIES, "mastercard"],
    ["2720990000000007", "mastercard"],
    ["2721000000000000", "unknown"],
    ["2220990000000000", "unknown"],
    [AMEX, "amex"],
    ["341111111111111", "amex"],
    [DISCOVER, "discover"],
    [DISCOVER_65, "discover"],
    ["6440000000000000", "discover"],
    ["6221260000000000", "discover"],
    ["6229250000000000", "discover"],
    ["6221250000000000", "unknown"],
    [JCB, "unknown"],
    ["12345", "unknown"],
  ])("%s is %s", (number, brand) => {
    expect(cardBrandOf(number)).toBe(brand);
  });

  it("reads the brand through the spaces people type", () => {
    expect(cardBrandOf("3782 822463 10005")).toBe("amex");
    expect(normalizeCardNumber(" 4242-4242 4242 4242 ")).toBe(VISA);
  });
});

describe("expiry", () => {
  it("parses MMYY into a month and a four-digit year", () => {
    expect(parseExpiry("0728")).toEqual({ month: 7, year: 2028 });
    expect(parseExpiry("1299")).toEqual({ month: 12, year: 2099 });
    expect(parseExpiry("0100")).toEqual({ month: 1, year: 2000 });
  });

  it.each(["0028", "1328", "728", "07/28", "072028", "", "ab28"])("refuses %j", (value) => {
    expect(parseExpiry(value)).toBeUndefined();
  });

  it("is valid through the last day of its month, wherever the shopper is", () => {
    const july2028 = { month: 7, year: 2028 };
    expect(isExpired(july2028, new Date("2028-07-01T00:00:00Z"))).toBe(false);
    expect(isExpired(july2028, new Date("2028-07-31T23:59:59Z"))).toBe(false);
    // 31 July, 23:59 in UTC−12 is 1 August, 11:59 UTC: still July somewhere.
    expect(isExpired(july2028, new Date("2028-08-01T11:59:59Z"))).toBe(false);
    expect(isExpired(july2028, new Date("2028-08-01T12:00:00Z"))).toBe(true);
    expect(isExpired(july2028, new Date("2029-01-01T00:00:00Z"))).toBe(true);
    expect(isExpired(july2028, new Date("2027-12-31T00:00:00Z"))).toBe(false);
  });

  it("rolls December over into January of the next year", () => {
    const december = { month: 12, year: 2026 };
    expect(isExpired(december, new Date("2027-01-01T11:00:00Z"))).toBe(false);
    expect(isExpired(december, new Date("2027-01-01T12:00:00Z"))).toBe(true);
  });
});

describe("cvcLengthFor", () => {
  it("is 4 for American Express and 3 for the others", () => {
    expect(cvcLengthFor("amex")).toBe(4);
    expect(cvcLengthFor("visa")).toBe(3);
    expect(cvcLengthFor("mastercard")).toBe(3);
    expect(cvcLengthFor("discover")).toBe(3);
    expect(cvcLengthFor("unknown")).toBe(3);
  });
});

describe("checkCard", () => {
  const now = new Date("2026-11-22T12:00:00Z");

  it("passes a good card and keeps only what may be shown", () => {
    expect(checkCard({ number: "4242 4242 4242 4242", expMonthYear: "0728", cvc: "123" }, now)).toEqual({
      ok: true,
      number: VISA,
      brand: "visa",
      last4: "4242",
      expMonth: 7,
      expYear: 2028,
    });
    expect(checkCard({ number: AMEX, expMonthYear: "1126", cvc: "1234" }, now)).toMatchObject({
      ok: true,
      brand: "amex",
      last4: "0005",
    });
  });

  it("checks the number first: Luhn, then the brand's length", () => {
    const bad = { expMonthYear: "0000", cvc: "1" };
    expect(checkCard({ number: "4242424242424241", ...bad }, now)).toEqual({ ok: false, code: "incorrect_number" });
    // Luhn-valid, but Mastercard issues 16 digits only.
    expect(checkCard({ number: "55555555555544", ...bad }, now)).toEqual({ ok: false, code: "incorrect_number" });
    expect(checkCard({ number: "", ...bad }, now)).toEqual({ ok: false, code: "incorrect_number" });
  });

  it("then the expiry: a real month, then not over", () => {
    expect(checkCard({ number: VISA, expMonthYear: "1326", cvc: "1" }, now)).toEqual({
      ok: false,
      code: "invalid_expiry",
    });
    expect(checkCard({ number: VISA, expMonthYear: "1026", cvc: "123" }, now)).toEqual({
      ok: false,
      code: "expired_card",
    });
    expect(checkCard({ number: VISA, expMonthYear: "1126", cvc: "123" }, now).ok).toBe(true);
  });

  it("then the CVC length for the brand", () => {
    expect(checkCard({ number: VISA, expMonthYear: "0728", cvc: "1234" }, now)).toEqual({
      ok: false,
      code: "invalid_cvc",
    });
    expect(checkCard({ number: AMEX, expMonthYear: "0728", cvc: "123" }, now)).toEqual({
      ok: false,
      code: "invalid_cvc",
    });
    expect(checkCard({ number: VISA, expMonthYear: "0728", cvc: "12a" }, now)).toEqual({
      ok: false,
      code: "invalid_cvc",
    });
  });

  it("accepts every local test card (the outcome is the processor's, not the rules')", () => {
    for (const card of LOCAL_TEST_CARDS) {
      expect(checkCard({ number: card.number, expMonthYear: "0728", cvc: "123" }, now).ok).toBe(true);
    }
  });
});

describe("decline codes", () => {
  it("has a message for every code", () => {
    for (const code of CARD_DECLINE_CODES) expect(CARD_DECLINE_MESSAGES[code]).toMatch(/\.$/);
  });
});
