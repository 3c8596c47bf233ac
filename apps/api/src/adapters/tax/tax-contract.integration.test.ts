import { ESTIMATED_TAX_LABEL, NO_ADDRESS_TAX_LABEL, type TaxRequest } from "@threadfolk/contract/tax";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LocalStripeTax, startStripeTaxServer } from "../../../test/stripe-tax-server.ts";
import { loadConfig } from "../../config.ts";
import { STRIPE_API_VERSION } from "../../lib/stripe-client.ts";
import { createTax } from "./create-tax.ts";
import { createLocalTax } from "./local-tax.ts";
import { createStripeTax, STRIPE_CLOTHING_TAX_CODE, type StripeTaxOptions } from "./stripe-tax.ts";
import type { TaxEstimator } from "./tax.ts";

/**
 * The tax contract (decision 023): the same cases against the local table and Stripe Tax, the latter against
 * a local server that speaks Stripe's calculations API and checks every request. Expected cents are worked
 * out by hand from the rates (CA 8.85 %, TX 8.2 % with shipping, MN clothing exempt, OR none).
 */

let stripe: LocalStripeTax;
const fallbacks: unknown[] = [];

beforeAll(async () => {
  stripe = await startStripeTaxServer();
});

beforeEach(() => {
  stripe.received.length = 0;
  stripe.failWith = undefined;
  stripe.delayMs = 0;
  stripe.skewTotal = 0;
  fallbacks.length = 0;
});

afterAll(async () => {
  await stripe.close();
});

const stripeOptions = (overrides: Partial<StripeTaxOptions> = {}): StripeTaxOptions => ({
  secretKey: stripe.secretKey,
  apiBase: stripe.url,
  timeoutMs: 2000,
  fallback: createLocalTax(),
  onFallback: (error) => fallbacks.push(error),
  ...overrides,
});

const implementations: Array<{ name: string; provider: "local" | "stripe"; create(): TaxEstimator }> = [
  { name: "local table", provider: "local", create: () => createLocalTax() },
  { name: "Stripe Tax", provider: "stripe", create: () => createStripeTax(stripeOptions()) },
];

const shipTo = (state: string, zip: string) => ({
  address1: "350 Fifth Avenue",
  address2: "Apt 2",
  city: "Town",
  state,
  zip,
});

/** Two tees on sale ($19.99), a $54.99 hoodie, three $19.50 tanks; $8.99 shipping. */
const cart = (state: string, zip: string): TaxRequest => ({
  currency: "usd",
  shipTo: shipTo(state, zip),
  lines: [
    { reference: "line-tee", quantity: 2, unitAmountCents: 1999, amountCents: 3998 },
    { reference: "line-hoodie", quantity: 1, unitAmountCents: 5499, amountCents: 5499 },
    { reference: "line-tank", quantity: 3, unitAmountCents: 1950, amountCents: 5850 },
  ],
  shippingCents: 899,
});

describe.each(implementations)("tax contract: $name", (harness) => {
  it("taxes a California cart per line, not its shipping", async () => {
    expect(await harness.create().estimate(cart("CA", "94103"))).toEqual({
      // 3998 × 8.85 % = 353.823; 5499 × 8.85 % = 486.6615; 5850 × 8.85 % = 517.725
      lines: [
        { reference: "line-tee", taxCents: 354 },
        { reference: "line-hoodie", taxCents: 487 },
        { reference: "line-tank", taxCents: 518 },
      ],
      shippingTaxCents: 0,
      totalTaxCents: 1359,
      label: ESTIMATED_TAX_LABEL,
      provider: harness.provider,
    });
  });

  it("taxes shipping where the state does (Texas)", async () => {
    const request: TaxRequest = {
      currency: "usd",
      shipTo: shipTo("TX", "78701"),
      lines: [{ reference: "line-tee", quantity: 1, unitAmountCents: 2000, amountCents: 2000 }],
      shippingCents: 1000,
    };
    // 2000 × 8.2 % = 164; 1000 × 8.2 % = 82
    expect(await harness.create().estimate(request)).toMatchObject({
      lines: [{ reference: "line-tee", taxCents: 164 }],
      shippingTaxCents: 82,
      totalTaxCents: 246,
    });
  });

  it("charges nothing on clothing in Minnesota, shipping included", async () => {
    expect(await harness.create().estimate(cart("MN", "55101"))).toMatchObject({
      lines: [{ taxCents: 0 }, { taxCents: 0 }, { taxCents: 0 }],
      shippingTaxCents: 0,
      totalTaxCents: 0,
      label: ESTIMATED_TAX_LABEL,
      provider: harness.provider,
    });
  });

  it("charges nothing in Oregon", async () => {
    expect(await harness.create().estimate(cart("OR", "97201"))).toMatchObject({ totalTaxCents: 0 });
  });

  it("answers every line of a long cart by its reference", async () => {
    const lines = Array.from({ length: 12 }, (_, index) => ({
      reference: `line-${index}`,
      quantity: 1,
      unitAmountCents: 1000 + index,
      amountCents: 1000 + index,
    }));
    const estimate = await harness.create().estimate({ ...cart("CA", "94103"), lines });
    // (1000 + i) × 8.85 %: from 1000 × 8.85 % = 88.5 -> 89 (half-up) to 1011 × 8.85 % = 89.4735 -> 89
    expect(estimate.lines).toEqual(lines.map((line) => ({ reference: line.reference, taxCents: 89 })));
    expect(estimate.totalTaxCents).toBe(12 * 89);
  });

  it("charges no tax without an address, asks for one, and calls nobody", async () => {
    const request = { ...cart("CA", "94103"), shipTo: null };
    expect(await harness.create().estimate(request)).toEqual({
      lines: [
        { reference: "line-tee", taxCents: 0 },
        { reference: "line-hoodie", taxCents: 0 },
        { reference: "line-tank", taxCents: 0 },
      ],
      shippingTaxCents: 0,
      totalTaxCents: 0,
      label: NO_ADDRESS_TAX_LABEL,
      provider: harness.provider,
    });
    expect(stripe.received).toEqual([]);
  });

  it("refuses a request outside the contract before calling anyone", async () => {
    const request = cart("CA", "94103");
    const fractional = { ...request, shippingCents: 8.5 };
    await expect(harness.create().estimate(fractional)).rejects.toThrow();
    await expect(harness.create().estimate({ ...request, shipTo: shipTo("XX", "94103") })).rejects.toThrow();
    expect(stripe.received).toEqual([]);
  });
});

describe("Stripe Tax adapter", () => {
  it("sends the calculation Stripe documents: form-encoded, with the key, in cents, clothing tax code", async () => {
    await createStripeTax(stripeOptions()).estimate(cart("CA", "94103"));
    expect(stripe.received).toHaveLength(1);
    const [sent] = stripe.received;
    expect(sent?.refused).toBeUndefined();
    expect(sent?.path).toBe("/v1/tax/calculations");
    expect(Object.fromEntries(sent?.form ?? [])).toMatchObject({
      currency: "usd",
      "customer_details[address][line1]": "350 Fifth Avenue",
      "customer_details[address][line2]": "Apt 2",
      "customer_details[address][state]": "CA",
      "customer_details[address][postal_code]": "94103",
      "customer_details[address][country]": "US",
      "customer_details[address_source]": "shipping",
      "line_items[0][amount]": "3998",
      "line_items[0][quantity]": "2",
      "line_items[0][reference]": "line-tee",
      "line_items[0][tax_code]": STRIPE_CLOTHING_TAX_CODE,
      "line_items[2][amount]": "5850",
      "shipping_cost[amount]": "899",
      "expand[0]": "line_items",
    });
    // The stripe package at the pinned version (decision 061).
    expect(sent?.stripeVersion).toBe(STRIPE_API_VERSION);
  });

  it("pages through the lines Stripe leaves out of the first answer", async () => {
    const lines = Array.from({ length: 12 }, (_, index) => ({
      reference: `line-${index}`,
      quantity: 1,
      unitAmountCents: 1000,
      amountCents: 1000,
    }));
    await createStripeTax(stripeOptions()).estimate({ ...cart("CA", "94103"), lines });
    expect(stripe.received.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /v1/tax/calculations",
      expect.stringMatching(/^GET \/v1\/tax\/calculations\/taxcalc_\d+\/line_items$/),
    ]);
    expect(stripe.received[1]?.form.get("starting_after")).toMatch(/^tax_li_\d+_9$/);
    expect(stripe.received.every((request) => request.refused === undefined)).toBe(true);
  });

  it("falls back to the local table when Stripe fails, and says so", async () => {
    stripe.failWith = 500;
    const estimate = await createStripeTax(stripeOptions()).estimate(cart("CA", "94103"));
    expect(estimate).toMatchObject({ totalTaxCents: 1359, provider: "local-fallback", label: ESTIMATED_TAX_LABEL });
    expect(String(fallbacks[0])).toMatch(/500/);
  });

  it("falls back when the key is refused", async () => {
    const estimate = await createStripeTax(stripeOptions({ secretKey: "sk_test_wrongKey12345" })).estimate(
      cart("TX", "78701"),
    );
    expect(estimate.provider).toBe("local-fallback");
    expect(stripe.received[0]?.refused).toBe("key");
  });

  it("falls back when Stripe is slower than the timeout, without waiting for it", async () => {
    stripe.delayMs = 1500;
    const started = Date.now();
    const estimate = await createStripeTax(stripeOptions({ timeoutMs: 200 })).estimate(cart("CA", "94103"));
    expect(estimate).toMatchObject({ totalTaxCents: 1359, provider: "local-fallback" });
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it("falls back when Stripe's lines do not add up to its total", async () => {
    stripe.skewTotal = 1;
    const estimate = await createStripeTax(stripeOptions()).estimate(cart("CA", "94103"));
    expect(estimate.provider).toBe("local-fallback");
    expect(String(fallbacks[0])).toMatch(/add up/);
  });
});

describe("createTax", () => {
  it("picks Stripe Tax when its key is set, the local table otherwise", () => {
    expect(createTax(loadConfig({})).name).toBe("local");
    expect(createTax(loadConfig({ STRIPE_TAX_SECRET_KEY: "sk_test_abcdefgh1234" })).name).toBe("stripe");
  });

  it("refuses a key that is not a Stripe secret key", () => {
    expect(() => loadConfig({ STRIPE_TAX_SECRET_KEY: "pk_test_abcdefgh1234" })).toThrow(/STRIPE_TAX_SECRET_KEY/);
  });
});
