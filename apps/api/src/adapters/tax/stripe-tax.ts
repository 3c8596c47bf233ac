import { ESTIMATED_TAX_LABEL } from "@threadfolk/contract/tax";
import { createStripeClient, type Stripe } from "../../lib/stripe-client.ts";
import { noAddressEstimate, parseTaxRequest, type TaxEstimate, type TaxEstimator, type TaxRequest } from "./tax.ts";

/**
 * Stripe Tax (decisions 023 and 061): one calculation per estimate through the official `stripe` package at the
 * pinned API version, amounts in integer cents both ways. Lines are sent with the clothing tax code, so Stripe
 * applies each state's apparel rules itself. A failing or slow Stripe (timeout) never blocks the checkout: the
 * estimate comes from the fallback (the local table) and says so in `provider: 'local-fallback'`.
 */

/** Stripe's product tax code for "Clothing and footwear". */
export const STRIPE_CLOTHING_TAX_CODE = "txcd_30011000";
/** Stripe's tax code for shipping charges. */
export const STRIPE_SHIPPING_TAX_CODE = "txcd_92010001";
/** Page size when the calculation holds more lines than the first page of its expanded `line_items`. */
const LINE_ITEMS_PAGE_SIZE = 100;

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

/** The calculation request, as the `stripe` package's types describe it. */
export function buildCalculationParams(request: TaxRequest): Stripe.Tax.CalculationCreateParams {
  const shipTo = request.shipTo;
  if (!shipTo) throw new Error("a Stripe Tax calculation needs a ship-to address");
  return {
    currency: request.currency,
    customer_details: {
      address: {
        line1: shipTo.address1,
        ...(shipTo.address2 ? { line2: shipTo.address2 } : {}),
        city: shipTo.city,
        postal_code: shipTo.zip,
        // Stripe files Puerto Rico as its own country, not as a US state.
        ...(shipTo.state === "PR" ? { country: "PR" } : { state: shipTo.state, country: "US" }),
      },
      address_source: "shipping",
    },
    line_items: request.lines.map((line) => ({
      amount: line.amountCents,
      quantity: line.quantity,
      reference: line.reference,
      tax_code: STRIPE_CLOTHING_TAX_CODE,
      tax_behavior: "exclusive",
    })),
    shipping_cost: {
      amount: request.shippingCents,
      tax_behavior: "exclusive",
      tax_code: STRIPE_SHIPPING_TAX_CODE,
    },
    expand: ["line_items"],
  };
}

const isCents = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Stripe's calculation for a request with an address, mapped to cents per line; throws on any surprise. */
async function calculate(request: TaxRequest, options: StripeTaxOptions, stripe: Stripe): Promise<TaxEstimate> {
  // One deadline for all the requests of an estimate.
  const deadline = Date.now() + options.timeoutMs;
  const remaining = () => {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`Stripe Tax took longer than ${options.timeoutMs} ms`);
    return { timeout: left };
  };
  const calculation = await stripe.tax.calculations.create(buildCalculationParams(request), remaining());
  const items = [...(calculation.line_items?.data ?? [])];
  let hasMore = calculation.line_items?.has_more ?? request.lines.length > 0;
  while (hasMore) {
    const last = items.at(-1);
    const page = await stripe.tax.calculations.listLineItems(
      calculation.id ?? "",
      { limit: LINE_ITEMS_PAGE_SIZE, ...(last ? { starting_after: last.id } : {}) },
      remaining(),
    );
    items.push(...page.data);
    hasMore = page.has_more && page.data.length > 0;
  }
  const taxByReference = new Map(items.map((item) => [item.reference, item.amount_tax]));
  const lines = request.lines.map((line) => {
    const taxCents = taxByReference.get(line.reference);
    if (!isCents(taxCents)) throw new Error(`Stripe Tax left out the line ${line.reference}`);
    return { reference: line.reference, taxCents };
  });
  const shippingTaxCents = calculation.shipping_cost?.amount_tax ?? 0;
  if (!isCents(shippingTaxCents)) throw new Error("Stripe Tax's shipping tax is not an amount in cents");
  const totalTaxCents = lines.reduce((sum, line) => sum + line.taxCents, shippingTaxCents);
  if (items.length !== request.lines.length || totalTaxCents !== calculation.tax_amount_exclusive) {
    throw new Error("Stripe Tax's lines do not add up to its total");
  }
  return { totalTaxCents, shippingTaxCents, lines, label: ESTIMATED_TAX_LABEL, provider: "stripe" };
}

/** The Stripe Tax estimator; the fallback answers (provider `local-fallback`) whenever Stripe cannot. */
export function createStripeTax(options: StripeTaxOptions): TaxEstimator {
  const stripe = createStripeClient(options);
  return {
    name: "stripe",
    async estimate(request) {
      const parsed = parseTaxRequest(request);
      if (!parsed.shipTo) return noAddressEstimate(parsed, "stripe");
      try {
        return await calculate(parsed, options, stripe);
      } catch (error) {
        const status = (error as { statusCode?: unknown }).statusCode;
        options.onFallback?.(
          typeof status === "number" && error instanceof Error
            ? new Error(`Stripe Tax answered ${status}: ${error.message}`, { cause: error })
            : error,
        );
        const estimate = await options.fallback.estimate(parsed);
        return { ...estimate, provider: "local-fallback" };
      }
    },
  };
}
