import {
  NO_ADDRESS_TAX_LABEL,
  type TaxEstimate,
  type TaxProvider,
  type TaxRequest,
  taxRequestSchema,
} from "@threadfolk/contract/tax";

export type { TaxEstimate, TaxRequest } from "@threadfolk/contract/tax";

/**
 * The tax port (decision 023): the sales tax a marketplace facilitator collects on a cart shipped to a US
 * address, per line and on shipping, in integer cents. Implementations refuse a request that does not fit
 * `taxRequestSchema` (a ZodError) and never call anyone for a cart without an address.
 */
export type TaxEstimator = {
  /** `local` for the project's table, `stripe` for Stripe Tax (which falls back to the table). */
  name: "local" | "stripe";
  estimate(request: TaxRequest): Promise<TaxEstimate>;
};

/** The request, checked against the contract; throws a ZodError when it does not fit. */
export function parseTaxRequest(request: TaxRequest): TaxRequest {
  return taxRequestSchema.parse(request);
}

/** No shipping address yet: no tax, every line 0, and the label that asks for an address. */
export function noAddressEstimate(request: TaxRequest, provider: TaxProvider): TaxEstimate {
  return {
    totalTaxCents: 0,
    shippingTaxCents: 0,
    lines: request.lines.map((line) => ({ reference: line.reference, taxCents: 0 })),
    label: NO_ADDRESS_TAX_LABEL,
    provider,
  };
}
