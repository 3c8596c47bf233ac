import { IDENTIFIER_MAX_LENGTH } from "@threadfolk/contract/limits";
import { ESTIMATED_TAX_LABEL } from "@threadfolk/contract/tax";
import { textSchema } from "@threadfolk/contract/text";
import { z } from "zod";
import { noAddressEstimate, parseTaxRequest, type TaxEstimate, type TaxEstimator, type TaxRequest } from "./tax.ts";

/**
 * Stripe Tax (decision 023): one `POST /v1/tax/calculations` per estimate, form-encoded, amounts in integer
 * cents both ways. Lines are sent with the clothing tax code, so Stripe applies each state's apparel rules
 * itself. A failing or slow Stripe (timeout) never blocks the checkout: the estimate comes from the
 * fallback (the local table) and says so in `provider: 'local-fallback'`.
 */

export const STRIPE_DEFAULT_API_BASE = "https://api.stripe.com";
/** Stripe's product tax code for "Clothing and footwear". */
export const STRIPE_CLOTHING_TAX_CODE = "txcd_30011000";
/** Stripe's tax code for shipping charges. */
export const STRIPE_SHIPPING_TAX_CODE = "txcd_92010001";
/** Page size when the calculation holds more lines than the first page of its expanded `line_items`. */
const LINE_ITEMS_PAGE_SIZE = 100;

const centsSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const idSchema = textSchema({ maxLength: 255 }).min(1);

const lineItemSchema = z.object({
  id: idSchema,
  reference: textSchema({ maxLength: IDENTIFIER_MAX_LENGTH }).nullable(),
  amount: centsSchema,
  amount_tax: centsSchema,
});

const lineItemListSchema = z.object({
  object: z.literal("list"),
  data: z.array(lineItemSchema),
  has_more: z.boolean(),
});

/** The parts of a `tax.calculation` this adapter reads. */
const calculationSchema = z.object({
  id: idSchema,
  object: z.literal("tax.calculation"),
  tax_amount_exclusive: centsSchema,
  shipping_cost: z.object({ amount: centsSchema, amount_tax: centsSchema }).nullable().optional(),
  line_items: lineItemListSchema.nullable().optional(),
});

export type StripeTaxOptions = {
  /** The secret key (`sk_live_…`, `sk_test_…` or a restricted key with Tax write access). */
  secretKey: string;
  apiBase: string;
  /** The longest wait for Stripe per estimate, all requests together; then the fallback answers. */
  timeoutMs: number;
  /** Answers when Stripe fails or is slow (the local table). */
  fallback: TaxEstimator;
  /** Told why Stripe was not used for an estimate (for the log). */
  onFallback?: (error: unknown) => void;
};

/** The form body of a calculation request: Stripe's bracketed keys, in the order Stripe documents them. */
export function buildCalculationForm(request: TaxRequest): URLSearchParams {
  const shipTo = request.shipTo;
  if (!shipTo) throw new Error("a Stripe Tax calculation needs a ship-to address");
  const form = new URLSearchParams();
  form.set("currency", request.currency);
  const address = "customer_details[address]";
  form.set(`${address}[line1]`, shipTo.address1);
  if (shipTo.address2) form.set(`${address}[line2]`, shipTo.address2);
  form.set(`${address}[city]`, shipTo.city);
  form.set(`${address}[postal_code]`, shipTo.zip);
  // Stripe files Puerto Rico as its own country, not as a US state.
  if (shipTo.state === "PR") form.set(`${address}[country]`, "PR");
  else {
    form.set(`${address}[state]`, shipTo.state);
    form.set(`${address}[country]`, "US");
  }
  form.set("customer_details[address_source]", "shipping");
  request.lines.forEach((line, index) => {
    const key = `line_items[${index}]`;
    form.set(`${key}[amount]`, String(line.amountCents));
    form.set(`${key}[quantity]`, String(line.quantity));
    form.set(`${key}[reference]`, line.reference);
    form.set(`${key}[tax_code]`, STRIPE_CLOTHING_TAX_CODE);
    form.set(`${key}[tax_behavior]`, "exclusive");
  });
  form.set("shipping_cost[amount]", String(request.shippingCents));
  form.set("shipping_cost[tax_behavior]", "exclusive");
  form.set("shipping_cost[tax_code]", STRIPE_SHIPPING_TAX_CODE);
  form.append("expand[]", "line_items");
  return form;
}

async function callStripe(url: URL, init: RequestInit, options: StripeTaxOptions, signal: AbortSignal) {
  const response = await fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${options.secretKey}`, ...init.headers },
    signal,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
    throw new Error(`Stripe Tax answered ${response.status}${typeof message === "string" ? `: ${message}` : ""}`);
  }
  return body;
}

/** Stripe's calculation for a request with an address, mapped to cents per line; throws on any surprise. */
async function calculate(request: TaxRequest, options: StripeTaxOptions): Promise<TaxEstimate> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const calculation = calculationSchema.parse(
    await callStripe(
      new URL("/v1/tax/calculations", options.apiBase),
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: buildCalculationForm(request).toString(),
      },
      options,
      signal,
    ),
  );
  const items = [...(calculation.line_items?.data ?? [])];
  let hasMore = calculation.line_items?.has_more ?? request.lines.length > 0;
  while (hasMore) {
    const page = new URL(`/v1/tax/calculations/${encodeURIComponent(calculation.id)}/line_items`, options.apiBase);
    page.searchParams.set("limit", String(LINE_ITEMS_PAGE_SIZE));
    const last = items.at(-1);
    if (last) page.searchParams.set("starting_after", last.id);
    const list = lineItemListSchema.parse(await callStripe(page, { method: "GET" }, options, signal));
    items.push(...list.data);
    hasMore = list.has_more && list.data.length > 0;
  }
  const taxByReference = new Map(items.map((item) => [item.reference, item.amount_tax]));
  const lines = request.lines.map((line) => {
    const taxCents = taxByReference.get(line.reference);
    if (taxCents === undefined) throw new Error(`Stripe Tax left out the line ${line.reference}`);
    return { reference: line.reference, taxCents };
  });
  const shippingTaxCents = calculation.shipping_cost?.amount_tax ?? 0;
  const totalTaxCents = lines.reduce((sum, line) => sum + line.taxCents, shippingTaxCents);
  if (items.length !== request.lines.length || totalTaxCents !== calculation.tax_amount_exclusive) {
    throw new Error("Stripe Tax's lines do not add up to its total");
  }
  return { totalTaxCents, shippingTaxCents, lines, label: ESTIMATED_TAX_LABEL, provider: "stripe" };
}

/** The Stripe Tax estimator; the fallback answers (provider `local-fallback`) whenever Stripe cannot. */
export function createStripeTax(options: StripeTaxOptions): TaxEstimator {
  return {
    name: "stripe",
    async estimate(request) {
      const parsed = parseTaxRequest(request);
      if (!parsed.shipTo) return noAddressEstimate(parsed, "stripe");
      try {
        return await calculate(parsed, options);
      } catch (error) {
        options.onFallback?.(error);
        const estimate = await options.fallback.estimate(parsed);
        return { ...estimate, provider: "local-fallback" };
      }
    },
  };
}
