import { z } from "zod";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "./cart-constants.ts";
import { ADDRESS_LINE_MAX_LENGTH, IDENTIFIER_MAX_LENGTH } from "./limits.ts";
import { STATE_ABBREVIATIONS } from "./states.ts";
import {
  ESTIMATED_TAX_LABEL,
  NO_ADDRESS_TAX_LABEL,
  TAX_PROVIDERS,
  type TaxEstimate,
  type TaxRequest,
} from "./tax-constants.ts";
import { textSchema } from "./text.ts";
import { ZIP_PATTERN } from "./validation.ts";

export * from "./tax-constants.ts";

/** Whole cents, never negative. */
const centsSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A tax request (decision 023); the estimators parse what they are given with it. */
export const taxRequestSchema = z.strictObject({
  currency: z.literal("usd"),
  shipTo: z
    .strictObject({
      address1: textSchema({ maxLength: ADDRESS_LINE_MAX_LENGTH }),
      address2: textSchema({ maxLength: ADDRESS_LINE_MAX_LENGTH }).optional(),
      city: textSchema({ maxLength: ADDRESS_LINE_MAX_LENGTH }),
      state: textSchema({ maxLength: 2 }).refine((value) => (STATE_ABBREVIATIONS as string[]).includes(value), {
        message: "must be a US state abbreviation",
      }),
      zip: textSchema({ maxLength: 10 }).regex(ZIP_PATTERN, "must be 5 or 9 digits"),
    })
    .nullable(),
  lines: z
    .array(
      z.strictObject({
        reference: textSchema({ maxLength: IDENTIFIER_MAX_LENGTH }).min(1),
        quantity: z.number().int().min(MIN_LINE_QUANTITY).max(MAX_LINE_QUANTITY),
        amountCents: centsSchema,
        unitAmountCents: centsSchema,
      }),
    )
    .max(MAX_CART_LINES),
  shippingCents: centsSchema,
}) satisfies z.ZodType<TaxRequest>;

export const taxEstimateSchema = z.strictObject({
  totalTaxCents: centsSchema,
  shippingTaxCents: centsSchema,
  lines: z.array(
    z.strictObject({ reference: textSchema({ maxLength: IDENTIFIER_MAX_LENGTH }), taxCents: centsSchema }),
  ),
  label: z.enum([ESTIMATED_TAX_LABEL, NO_ADDRESS_TAX_LABEL]),
  provider: z.enum(TAX_PROVIDERS),
}) satisfies z.ZodType<TaxEstimate>;
