import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { CARD_DECLINE_MESSAGES, type CardDeclineCode } from "@threadfolk/contract/card-rules";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LocalStripePayments, startStripePaymentsServer } from "../../../test/stripe-payments-server.ts";
import { createTestDatabase } from "../../../test/test-database.ts";
import { loadConfig } from "../../config.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { selectRows } from "../../db/select-rows.ts";
import { STRIPE_API_VERSION } from "../../lib/stripe-client.ts";
import {
  CardIdempotencyKeyReuseError,
  type CardProcessor,
  CardProcessorUnavailableError,
  CardRequestError,
  type ChargeRequest,
  type ChargeSource,
} from "./card.ts";
import { createCardProcessor } from "./create-card.ts";
import { createLocalCard } from "./local-card.ts";
import { createStripeCard, declineCodeFromStripe, type StripeCardOptions } from "./stripe-card.ts";

/**
 * The card processor contract (decisions 026 and 061): the same cases against the local test processor and the
 * Stripe adapter, the latter against a local server that speaks Stripe's wire protocol. The local processor
 * takes the card's fields; Stripe takes a PaymentMethod that the harness makes with the publishable key, as
 * Stripe.js does in the shopper's browser. Expiry 12/34 is in the future for both clocks.
 */

let database: DatabaseHandle;
let stripe: LocalStripePayments;
const secret = randomBytes(32);
const fingerprintKey = async () => secret;
const expectedFingerprint = (number: string) => createHmac("sha256", secret).update(number).digest("hex");

beforeAll(async () => {
  database = await createTestDatabase();
  stripe = await startStripePaymentsServer();
});

afterAll(async () => {
  await stripe.close();
  await database.close();
});

beforeEach(() => {
  stripe.failWith = undefined;
  stripe.loseReplyTo = undefined;
  stripe.delayMs = 0;
});

const stripeOptions = (overrides: Partial<StripeCardOptions> = {}): StripeCardOptions => ({
  secretKey: stripe.secretKey,
  apiBase: stripe.url,
  timeoutMs: 2000,
  ...overrides,
});

type CardFields = { number: string; exp: string; cvc: string };

type Harness = {
  name: string;
  create(): CardProcessor;
  /** What the processor charges for these card fields: the fields (local) or a PaymentMethod id (Stripe). */
  source(card: CardFields): Promise<ChargeSource>;
  /** The fingerprint the processor answers for a card number. */
  fingerprint(number: string): string;
  /** Makes the charge, but its answer never reaches the caller (a lost reply). */
  chargeLosingReply(processor: CardProcessor, request: ChargeRequest): Promise<void>;
  /** How many charge attempts the processor has recorded for an order. */
  attemptsFor(orderNumber: string): Promise<number>;
};

const harnesses: Harness[] = [
  {
    name: "local test processor",
    create: () => createLocalCard({ db: database.db, fingerprintKey }),
    source: async ({ number, exp, cvc }) => ({ number, expMonthYear: exp, cvc }),
    fingerprint: expectedFingerprint,
    async chargeLosingReply(processor, request) {
      // In process, a lost reply is a caller that died after the charge row was committed.
      void (await processor.authorizeAndCapture(request));
    },
    async attemptsFor(orderNumber) {
      const [row] = await selectRows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from card_charges where order_number = ${orderNumber}`,
      );
      return row?.count ?? 0;
    },
  },
  {
    name: "Stripe PaymentIntents",
    create: () => createStripeCard(stripeOptions()),
    source: async (card) => ({ paymentMethodId: await stripePaymentMethod(card) }),
    fingerprint: (number) => stripe.fingerprintOf(number),
    async chargeLosingReply(processor, request) {
      stripe.loseReplyTo = "/v1/payment_intents";
      await expect(processor.authorizeAndCapture(request)).rejects.toBeInstanceOf(CardProcessorUnavailableError);
      stripe.loseReplyTo = undefined;
    },
    async attemptsFor(orderNumber) {
      return [...stripe.paymentIntents.values()].filter((intent) => intent.metadata.order_number === orderNumber)
        .length;
    },
  },
];

/** A PaymentMethod made with the publishable key from the card's fields (what Stripe.js does); its id. */
function stripePaymentMethod({ number, exp, cvc }: CardFields): Promise<string> {
  const month = Number(exp.slice(0, 2));
  const year = 2000 + Number(exp.slice(2));
  return stripe.createPaymentMethod({ number, expMonth: month, expYear: year, cvc });
}

type ChargeOverrides = Partial<Omit<ChargeRequest, "card">> & Partial<CardFields>;

/** A charge request with the card as `source` makes it (the local processor's fields by default). */
async function chargeWith(
  source: (card: CardFields) => Promise<ChargeSource>,
  overrides: ChargeOverrides = {},
): Promise<ChargeRequest> {
  const { number = "4242424242424242", cvc = "123", exp = "1234", ...rest } = overrides;
  return {
    idempotencyKey: randomUUID(),
    amountCents: 2599,
    currency: "usd",
    card: await source({ number, exp, cvc }),
    orderNumber: `TF-${randomUUID().slice(0, 8)}`,
    description: "Threadfolk order",
    ...rest,
  };
}

const localFields = async ({ number, exp, cvc }: CardFields): Promise<ChargeSource> => ({
  number,
  expMonthYear: exp,
  cvc,
});
const charge = (overrides: ChargeOverrides = {}) => chargeWith(localFields, overrides);
const stripeCharge = (overrides: ChargeOverrides = {}) =>
  chargeWith(async (card) => ({ paymentMethodId: await stripePaymentMethod(card) }), overrides);

describe.each(harnesses)("card processor contract: $name", (harness) => {
  const processor = () => harness.create();
  const charge = (overrides: ChargeOverrides = {}) => chargeWith(harness.source, overrides);

  it("charges a good card at once and answers only brand, last four, expiry and the keyed fingerprint", async () => {
    const request = await charge({ number: "4242 4242 4242 4242" });
    const result = await processor().authorizeAndCapture(request);
    expect(result).toEqual({
      status: "succeeded",
      chargeId: expect.any(String),
      amountCents: 2599,
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2034,
      fingerprint: harness.fingerprint("4242424242424242"),
    });
  });

  it.each([
    ["5555555555554444", "123", "mastercard", "4444"],
    ["378282246310005", "1234", "amex", "0005"],
    ["6011111111111117", "123", "discover", "1117"],
    ["3566002020360505", "123", "unknown", "0505"],
  ])("succeeds with any other valid card: %s", async (number, cvc, brand, last4) => {
    expect(await processor().authorizeAndCapture(await charge({ number, cvc }))).toMatchObject({
      status: "succeeded",
      brand,
      last4,
    });
  });

  it.each<[string, CardDeclineCode]>([
    ["4000000000000002", "card_declined"],
    ["4000000000009995", "insufficient_funds"],
    ["4000000000000069", "expired_card"],
    ["4000000000000127", "incorrect_cvc"],
    ["4000000000000119", "processing_error"],
  ])("declines the test card %s with %s", async (number, code) => {
    const result = await processor().authorizeAndCapture(await charge({ number }));
    expect(result).toMatchObject({ status: "declined", code, message: CARD_DECLINE_MESSAGES[code] });
  });

  it("answers a replay with the first result and charges once, even when the replays race", async () => {
    const request = await charge();
    const first = await processor().authorizeAndCapture(request);
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => harness.create().authorizeAndCapture({ ...request })),
    );
    for (const replay of replays) expect(replay).toEqual(first);
    expect(await harness.attemptsFor(request.orderNumber)).toBe(1);
  });

  it("answers a replayed decline with the same decline", async () => {
    const request = await charge({ number: "4000000000009995" });
    const first = await processor().authorizeAndCapture(request);
    expect(await processor().authorizeAndCapture({ ...request })).toEqual(first);
    expect(await harness.attemptsFor(request.orderNumber)).toBe(1);
  });

  it("refuses the key with another amount or another card, and charges nothing more", async () => {
    const request = await charge();
    await processor().authorizeAndCapture(request);
    await expect(processor().authorizeAndCapture({ ...request, amountCents: 2600 })).rejects.toBeInstanceOf(
      CardIdempotencyKeyReuseError,
    );
    await expect(
      processor().authorizeAndCapture({ ...request, card: (await charge({ number: "5555555555554444" })).card }),
    ).rejects.toBeInstanceOf(CardIdempotencyKeyReuseError);
    expect(await harness.attemptsFor(request.orderNumber)).toBe(1);
  });

  it("refunds up to the charged amount, idempotently", async () => {
    const paid = await processor().authorizeAndCapture(await charge({ amountCents: 2000 }));
    if (paid.status !== "succeeded") throw new Error("expected a charge");
    const part = { idempotencyKey: randomUUID(), chargeId: paid.chargeId, amountCents: 500 };
    const first = await processor().refund(part);
    expect(first).toEqual({
      status: "succeeded",
      refundId: expect.any(String),
      chargeId: paid.chargeId,
      amountCents: 500,
    });
    // The same refund again is the same refund, not a second one.
    expect(await processor().refund({ ...part })).toEqual(first);
    await expect(processor().refund({ ...part, amountCents: 600 })).rejects.toBeInstanceOf(
      CardIdempotencyKeyReuseError,
    );
    // 1500 of 2000 are left: one cent more is refused, the rest goes through.
    expect(
      await processor().refund({ idempotencyKey: randomUUID(), chargeId: paid.chargeId, amountCents: 1501 }),
    ).toMatchObject({ status: "rejected", code: "exceeds_charge" });
    expect(
      await processor().refund({ idempotencyKey: randomUUID(), chargeId: paid.chargeId, amountCents: 1500 }),
    ).toMatchObject({ status: "succeeded", amountCents: 1500 });
    expect(
      await processor().refund({ idempotencyKey: randomUUID(), chargeId: paid.chargeId, amountCents: 1 }),
    ).toMatchObject({ status: "rejected", code: "exceeds_charge" });
  });

  it("never refunds more than the charge when refunds race", async () => {
    const paid = await processor().authorizeAndCapture(await charge({ amountCents: 2000 }));
    if (paid.status !== "succeeded") throw new Error("expected a charge");
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        harness.create().refund({ idempotencyKey: randomUUID(), chargeId: paid.chargeId, amountCents: 500 }),
      ),
    );
    expect(results.filter((result) => result.status === "succeeded")).toHaveLength(4);
    expect(results.filter((result) => result.status === "rejected")).toEqual([
      expect.objectContaining({ code: "exceeds_charge" }),
    ]);
  });

  it("refuses to refund a declined charge or an unknown one", async () => {
    const declined = await processor().authorizeAndCapture(await charge({ number: "4000000000000002" }));
    if (declined.status !== "declined" || !declined.chargeId) throw new Error("expected a recorded decline");
    expect(
      await processor().refund({ idempotencyKey: randomUUID(), chargeId: declined.chargeId, amountCents: 100 }),
    ).toMatchObject({ status: "rejected", code: "charge_not_succeeded" });
    expect(
      await processor().refund({ idempotencyKey: randomUUID(), chargeId: "ch_nothing_here", amountCents: 100 }),
    ).toMatchObject({ status: "rejected", code: "charge_not_found" });
  });

  it("finds a charge whose reply was lost by its idempotency key, and a replay does not charge again", async () => {
    const request = await charge();
    await harness.chargeLosingReply(processor(), request);
    const found = await processor().retrieve({ idempotencyKey: request.idempotencyKey });
    expect(found).toEqual({
      status: "succeeded",
      chargeId: expect.any(String),
      amountCents: 2599,
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2034,
      fingerprint: harness.fingerprint("4242424242424242"),
    });
    expect(await processor().authorizeAndCapture({ ...request })).toEqual(found);
    expect(await harness.attemptsFor(request.orderNumber)).toBe(1);
  });

  it("finds a decline by its key, and answers not_found for a key never used", async () => {
    const request = await charge({ number: "4000000000000002" });
    await processor().authorizeAndCapture(request);
    expect(await processor().retrieve({ idempotencyKey: request.idempotencyKey })).toMatchObject({
      status: "declined",
      code: "card_declined",
    });
    expect(await processor().retrieve({ idempotencyKey: randomUUID() })).toEqual({ status: "not_found" });
  });

  it("refuses a request outside the contract before charging, without echoing the card", async () => {
    const request = await charge({ number: "4111111111111111", amountCents: 49 });
    const error = await processor()
      .authorizeAndCapture(request)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CardRequestError);
    expect(String((error as Error).message)).not.toContain("4111111111111111");
    await expect(
      processor().authorizeAndCapture({ ...(await charge()), currency: "eur" as "usd" }),
    ).rejects.toBeInstanceOf(CardRequestError);
    expect(await harness.attemptsFor(request.orderNumber)).toBe(0);
  });

  it("keeps neither the card number nor the CVC in any table", async () => {
    // A number and CVC used nowhere else in this file.
    const number = "4000056655665556";
    const cvc = "739";
    const paid = await processor().authorizeAndCapture(
      await charge({ number: "4000 0566 5566 5556", cvc, orderNumber: "TF-SECRET-CHECK" }),
    );
    expect(paid.status).toBe("succeeded");
    if (paid.status === "succeeded") {
      await processor().refund({ idempotencyKey: randomUUID(), chargeId: paid.chargeId, amountCents: 100 });
    }
    const tables = await selectRows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(["card_charges", "card_refunds"]));
    let dump = "";
    const values: unknown[] = [];
    for (const table of tables) {
      const rows = await selectRows<{ row: Record<string, unknown> }>(
        database.db,
        sql`select row_to_json(t) as row from ${sql.identifier(table.name)} t`,
      );
      for (const { row } of rows) {
        dump += `${JSON.stringify(row)}\n`;
        values.push(...Object.values(row));
      }
    }
    // The check can fail: the charge is in the dump, last four digits and all.
    expect(dump).toContain("TF-SECRET-CHECK");
    expect(dump.replace(/\s|-/g, "")).not.toContain(number);
    expect(dump).not.toContain("4000 0566 5566 5556");
    // No value may hold the CVC as a word of its own. (Times are left out: their fractions of a second can
    // be any three digits; ids and numbers are compared whole.)
    const words = values
      .filter((value) => !(typeof value === "string" && /^\d{4}-\d\d-\d\dT[\d:.]+([+-]\d\d(:\d\d)?|Z)$/.test(value)))
      .flatMap((value) => (typeof value === "string" ? value : JSON.stringify(value)).split(/[^A-Za-z0-9]+/));
    expect(words.length).toBeGreaterThan(100);
    expect(words).not.toContain(cvc);
  });
});

describe("Stripe card adapter", () => {
  it("sends the PaymentIntent Stripe documents through the stripe package, at the pinned API version", async () => {
    const request = await stripeCharge({ idempotencyKey: `order-key-${randomUUID()}`, orderNumber: "TF-1001" });
    stripe.received.length = 0;
    await createStripeCard(stripeOptions()).authorizeAndCapture(request);
    const [sent] = stripe.received;
    expect(sent).toMatchObject({
      method: "POST",
      path: "/v1/payment_intents",
      idempotencyKey: request.idempotencyKey,
      stripeVersion: STRIPE_API_VERSION,
      status: 200,
    });
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      amount: "2599",
      currency: "usd",
      payment_method: (request.card as { paymentMethodId: string }).paymentMethodId,
      confirm: "true",
      capture_method: "automatic",
      "automatic_payment_methods[enabled]": "true",
      "automatic_payment_methods[allow_redirects]": "never",
      error_on_requires_action: "true",
      description: "Threadfolk order",
      "metadata[order_number]": "TF-1001",
      "metadata[idempotency_key]": request.idempotencyKey,
      "expand[0]": "latest_charge",
    });
  });

  it("lets Stripe replay a repeated key (Idempotent-Replayed) instead of charging again", async () => {
    const request = await stripeCharge();
    const adapter = createStripeCard(stripeOptions());
    stripe.received.length = 0;
    await adapter.authorizeAndCapture(request);
    await adapter.authorizeAndCapture({ ...request });
    expect(stripe.received.map((sent) => sent.replayed)).toEqual([false, true]);
  });

  it("refuses raw card data: nothing is sent, and the error does not echo the card", async () => {
    stripe.received.length = 0;
    const error = await createStripeCard(stripeOptions())
      .authorizeAndCapture(await charge())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CardRequestError);
    expect(String(error)).not.toContain("4242424242424242");
    expect(stripe.received).toEqual([]);
  });

  it("the stand-in refuses raw card numbers from a secret key, as Stripe does without raw card data access", async () => {
    const form = new URLSearchParams({
      amount: "2599",
      currency: "usd",
      confirm: "true",
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": "4242424242424242",
      "payment_method_data[card][exp_month]": "12",
      "payment_method_data[card][exp_year]": "2034",
      "payment_method_data[card][cvc]": "123",
    });
    const response = await fetch(`${stripe.url}/v1/payment_intents`, {
      method: "POST",
      headers: { authorization: `Bearer ${stripe.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { type: "invalid_request_error", message: expect.stringContaining("raw card data") },
    });
    // And a publishable key can make PaymentMethods only.
    const charged = await fetch(`${stripe.url}/v1/payment_intents`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${stripe.publishableKey}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "amount=2599&currency=usd",
    });
    expect(charged.status).toBe(403);
  });

  it("maps a card that needs 3-D Secure to authentication_required", async () => {
    const result = await createStripeCard(stripeOptions()).authorizeAndCapture(
      await stripeCharge({ number: "4000002760003184" }),
    );
    expect(result).toMatchObject({ status: "declined", code: "authentication_required", chargeId: expect.any(String) });
  });

  it("maps Stripe's card error codes and decline codes to the port's", () => {
    expect(declineCodeFromStripe({ code: "card_declined", decline_code: "generic_decline" })).toBe("card_declined");
    expect(declineCodeFromStripe({ code: "card_declined", decline_code: "insufficient_funds" })).toBe(
      "insufficient_funds",
    );
    expect(declineCodeFromStripe({ code: "card_declined", decline_code: "stolen_card" })).toBe("card_declined");
    expect(declineCodeFromStripe({ code: "expired_card" })).toBe("expired_card");
    expect(declineCodeFromStripe({ code: "invalid_expiry_year" })).toBe("invalid_expiry");
    expect(declineCodeFromStripe({ code: "invalid_number" })).toBe("incorrect_number");
    expect(declineCodeFromStripe({ code: "something_new" })).toBe("card_declined");
  });

  it("reports an unknown outcome when Stripe fails or is slower than the timeout", async () => {
    const first = await stripeCharge();
    const second = await stripeCharge();
    stripe.failWith = 500;
    await expect(createStripeCard(stripeOptions()).authorizeAndCapture(first)).rejects.toBeInstanceOf(
      CardProcessorUnavailableError,
    );
    stripe.failWith = undefined;
    stripe.delayMs = 800;
    await expect(
      createStripeCard(stripeOptions({ timeoutMs: 150 })).authorizeAndCapture(second),
    ).rejects.toBeInstanceOf(CardProcessorUnavailableError);
  });

  it("refuses to work with a wrong key, and says nothing of the card", async () => {
    const error = await createStripeCard(stripeOptions({ secretKey: "sk_test_wrongKey12345" }))
      .authorizeAndCapture(await stripeCharge())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(CardProcessorUnavailableError);
    expect(String(error)).toMatch(/401/);
    expect(String(error)).not.toContain("4242424242424242");
  });

  it("the stand-in takes the key as a basic-auth user name too, as Stripe does", async () => {
    const response = await fetch(
      `${stripe.url}/v1/payment_intents/search?query=${encodeURIComponent("metadata['order_number']:'none'")}`,
      { headers: { authorization: `Basic ${Buffer.from(`${stripe.secretKey}:`).toString("base64")}` } },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ object: "search_result", data: [] });
  });
});

describe("local test processor", () => {
  it.each<[string, Partial<{ number: string; exp: string; cvc: string }>, CardDeclineCode]>([
    ["a number failing the Luhn check", { number: "4242424242424241" }, "incorrect_number"],
    ["a number too short for its brand", { number: "55555555555544" }, "incorrect_number"],
    ["a month that does not exist", { exp: "1334" }, "invalid_expiry"],
    ["an expiry that is not MMYY", { exp: "12/34" }, "invalid_expiry"],
    ["an expiry in the past", { exp: "0120" }, "expired_card"],
    ["a 4-digit CVC on a Visa", { cvc: "1234" }, "invalid_cvc"],
    ["a 3-digit CVC on an Amex", { number: "378282246310005", cvc: "123" }, "invalid_cvc"],
  ])("declines %s by the card rules (Stripe.js and Stripe check these in the browser)", async (_, card, code) => {
    expect(
      await createLocalCard({ db: database.db, fingerprintKey }).authorizeAndCapture(await charge(card)),
    ).toMatchObject({ status: "declined", code });
  });

  it("judges the expiry by its clock: valid through the last day of the month", async () => {
    let now = new Date("2028-08-01T11:59:59Z");
    const processor = createLocalCard({ db: database.db, fingerprintKey, now: () => now });
    expect(await processor.authorizeAndCapture(await charge({ exp: "0728" }))).toMatchObject({ status: "succeeded" });
    now = new Date("2028-08-01T12:00:00Z");
    expect(await processor.authorizeAndCapture(await charge({ exp: "0728" }))).toMatchObject({
      status: "declined",
      code: "expired_card",
    });
  });

  it("books every attempt with only brand, last four, expiry and fingerprint", async () => {
    const request = await charge({ number: "4000000000009995", orderNumber: "TF-BOOKED" });
    await createLocalCard({ db: database.db, fingerprintKey }).authorizeAndCapture(request);
    const rows = await selectRows<Record<string, unknown>>(
      database.db,
      sql`select status, decline_code, brand, last4, exp_month, exp_year, fingerprint, amount_cents, refunded_cents
        from card_charges where order_number = 'TF-BOOKED'`,
    );
    expect(rows).toEqual([
      {
        status: "declined",
        decline_code: "insufficient_funds",
        brand: "visa",
        last4: "9995",
        exp_month: 12,
        exp_year: 2034,
        fingerprint: expectedFingerprint("4000000000009995"),
        amount_cents: 2599,
        refunded_cents: 0,
      },
    ]);
  });
});

describe("createCardProcessor", () => {
  it("picks Stripe when its key is set, the local test processor otherwise", () => {
    expect(createCardProcessor({ config: loadConfig({}), db: database.db }).name).toBe("local");
    const config = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_abcdefgh1234",
      STRIPE_PUBLISHABLE_KEY: "pk_test_abcdefgh1234",
    });
    expect(createCardProcessor({ config, db: database.db }).name).toBe("stripe");
  });

  it("refuses a key that is not a Stripe secret key", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_test_abcdefgh1234" })).toThrow(/STRIPE_SECRET_KEY/);
    // Stripe.js needs the publishable key: a secret key alone is a configuration error.
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_abcdefgh1234" })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });

  it("keys fingerprints with the app secret, the same one on every instance of a database", async () => {
    const config = loadConfig({});
    const first = await createCardProcessor({ config, db: database.db }).authorizeAndCapture(await charge());
    const second = await createCardProcessor({ config, db: database.db }).authorizeAndCapture(await charge());
    expect(first.status === "succeeded" && second.status === "succeeded").toBe(true);
    if (first.status === "succeeded" && second.status === "succeeded") {
      expect(first.fingerprint).toBe(second.fingerprint);
      expect(first.fingerprint).not.toBe(expectedFingerprint("4242424242424242"));
      expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
