/**
 * The tax estimate's labels and shapes without the validation library, so the web's cart and checkout can
 * show them without downloading zod. `tax.ts` re-exports them with the schemas (decision 023).
 */

/** The label of the tax line once the cart has a shipping address. */
export const ESTIMATED_TAX_LABEL = "Estimated tax";
/** The label of the tax line (0) while the cart has no shipping address yet. */
export const NO_ADDRESS_TAX_LABEL = "Tax (add an address)";
export type TaxLabel = typeof ESTIMATED_TAX_LABEL | typeof NO_ADDRESS_TAX_LABEL;

/**
 * Who worked the estimate out: `local` the project's table (apps/api/src/adapters/tax/sales-tax-table.json), `stripe` Stripe Tax,
 * `local-fallback` the table because Stripe Tax was configured but failed or was too slow.
 */
export const TAX_PROVIDERS = ["local", "stripe", "local-fallback"] as const;
export type TaxProvider = (typeof TAX_PROVIDERS)[number];

/** Where the order ships; only US addresses (50 states, DC, PR). */
export type TaxShipTo = { address1: string; address2?: string; city: string; state: string; zip: string };

/** One cart line: amounts in integer cents, as charged (after the sale discount). */
export type TaxRequestLine = {
  /** The caller's id of the line, echoed in the estimate. */
  reference: string;
  quantity: number;
  /** The line's total as charged: the unit amount times the quantity, after the sale discount. */
  amountCents: number;
  /** One unit's price as charged; per-item thresholds (NY $110, MA $175, RI $250) are judged on it. */
  unitAmountCents: number;
};

export type TaxRequest = {
  currency: "usd";
  shipTo: TaxShipTo | null;
  lines: TaxRequestLine[];
  shippingCents: number;
};

/** The estimate, all in integer cents: totalTaxCents = the sum of the lines' taxCents + shippingTaxCents. */
export type TaxEstimate = {
  totalTaxCents: number;
  shippingTaxCents: number;
  lines: Array<{ reference: string; taxCents: number }>;
  label: TaxLabel;
  provider: TaxProvider;
};
