import { z } from "zod";
import { ADDRESS_LINE_MAX_LENGTH } from "./limits.ts";
import { textSchema } from "./text.ts";
import { MESSAGES, stateSchema, zipSchema } from "./validation.ts";

/**
 * `GET /api/v1/address_validations` (spec sections 3 and 7): the shipping address as typed in, answered with
 * at most 5 carrier-style suggestions (`addressKeyFormat`) and what the verifier concluded. Decision 022.
 */

/** The carrier's own maximum (spec section 7: "a maximum of 5 candidates"). */
export const MAX_ADDRESS_CANDIDATES = 5;

/** The query: the same rules as the address form (spec section 5); unknown parameters are refused. */
export const addressValidationQuerySchema = z.strictObject({
  address1: textSchema({
    maxLength: ADDRESS_LINE_MAX_LENGTH,
    error: MESSAGES.addressRequired,
    tooLong: MESSAGES.addressLength,
    trim: true,
  }).min(1, MESSAGES.addressRequired),
  address2: textSchema({ maxLength: ADDRESS_LINE_MAX_LENGTH, tooLong: MESSAGES.addressLength, trim: true })
    .optional()
    .default(""),
  city: textSchema({
    maxLength: ADDRESS_LINE_MAX_LENGTH,
    error: MESSAGES.cityRequired,
    tooLong: MESSAGES.cityLength,
    trim: true,
  }).min(1, MESSAGES.cityRequired),
  state: stateSchema,
  zip: zipSchema,
});
export type AddressValidationQuery = z.infer<typeof addressValidationQuerySchema>;

/** One suggestion, in the carrier's address key format (camelCase here, snake_case on the wire). */
export const addressKeyFormatSchema = z.strictObject({
  /** The street line, normalised (USPS Publication 28: upper case, standard abbreviations). */
  addressLine: textSchema({ maxLength: ADDRESS_LINE_MAX_LENGTH }),
  /** City. */
  politicalDivision2: textSchema({ maxLength: ADDRESS_LINE_MAX_LENGTH }),
  /** State abbreviation. */
  politicalDivision1: textSchema({ maxLength: 2 }),
  /** ZIP code (5 digits). */
  postcodePrimaryLow: textSchema({ maxLength: 5 }),
  /** ZIP+4 extension, or "" when unknown. */
  postcodeExtendedLow: textSchema({ maxLength: 4 }),
  /** The display line: city, state and ZIP ("SAINT PAUL MN 55102-1234"). */
  region: textSchema({ maxLength: 200 }),
  countryCode: textSchema({ maxLength: 2 }),
});
export type AddressKeyFormat = z.infer<typeof addressKeyFormatSchema>;

/**
 * 'valid': the carrier confirmed the whole address, street included (one candidate, normalised);
 * 'street_unconfirmed': the city, state and ZIP agree but nobody confirmed the street (the bundled ZIP data
 * knows no streets; one candidate, normalised); 'ambiguous': pick one of the candidates; 'no_candidates'.
 */
export const ADDRESS_VALIDATION_RESULTS = ["valid", "street_unconfirmed", "ambiguous", "no_candidates"] as const;
export type AddressValidationResult = (typeof ADDRESS_VALIDATION_RESULTS)[number];

/**
 * Who answered: UPS; the bundled ZIP data (the default); or the ZIP data because UPS was slow or failed
 * (checkout never waits on the carrier).
 */
export const ADDRESS_VERIFICATION_PROVIDERS = ["ups", "local", "local_fallback"] as const;
export type AddressVerificationProvider = (typeof ADDRESS_VERIFICATION_PROVIDERS)[number];

/** The notice the verification dialog shows under the suggestions, per provider (spec section 2). */
export const ADDRESS_VERIFICATION_NOTICE: Record<AddressVerificationProvider, string> = {
  ups:
    "UPS, the UPS brand mark and the color brown are trademarks of United Parcel Service of America, Inc. " +
    "All rights reserved. UPS assumes no liability for the information provided by the address validation " +
    "functionality, which does not identify or verify the occupants at an address.",
  local:
    "Checked against US ZIP code data: the city, state and ZIP code are verified, not the street address " +
    "or that the building exists.",
  local_fallback:
    "The carrier could not be reached, so only the city, state and ZIP code were checked against US ZIP " +
    "code data, not the street address or that the building exists.",
};

/**
 * What a suggestion changes of the address as typed, beyond its spelling (letter case, spacing, punctuation,
 * the standard abbreviations, Saint/St): a different street, city, state or ZIP code (its first five digits).
 */
export const ADDRESS_PARTS = ["street", "city", "state", "zip"] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** A suggestion in another city or state than the one typed: never pre-selected (decision 059). */
export function isConflictingSuggestion(changes: readonly AddressPart[]): boolean {
  return changes.includes("city") || changes.includes("state");
}

export const addressValidationResponseSchema = z.strictObject({
  data: z
    .array(z.strictObject({ addressKeyFormat: addressKeyFormatSchema, changes: z.array(z.enum(ADDRESS_PARTS)) }))
    .max(MAX_ADDRESS_CANDIDATES),
  meta: z.strictObject({
    result: z.enum(ADDRESS_VALIDATION_RESULTS),
    provider: z.enum(ADDRESS_VERIFICATION_PROVIDERS),
  }),
});
export type AddressValidationResponse = z.infer<typeof addressValidationResponseSchema>;

/** The display line of a suggestion: "CITY ST 12345" or "CITY ST 12345-6789". */
export function formatAddressRegion(options: { city: string; state: string; zip: string; zipExtension: string }) {
  const zip = options.zipExtension ? `${options.zip}-${options.zipExtension}` : options.zip;
  return `${options.city} ${options.state} ${zip}`;
}

/** Letters and digits in one case with single spaces: what is left when case and spacing are ignored. */
function foldCaseAndSpacing(text: string): string {
  return text.trim().replace(/\s+/g, " ").toUpperCase();
}

/**
 * Whether a suggestion is the typed address but for letter case and spacing (the ZIP+4 a carrier adds to a
 * five-digit ZIP counts as no change): such an address is saved as typed, without the dialog (decision 059).
 */
export function differsOnlyInCaseOrSpacing(
  typed: { address1: string; city: string; state: string; zip: string },
  suggestion: AddressKeyFormat,
): boolean {
  const [typedZip = "", typedExtension = ""] = typed.zip.trim().split("-");
  const extension = suggestion.postcodeExtendedLow.trim();
  return (
    foldCaseAndSpacing(typed.address1) === foldCaseAndSpacing(suggestion.addressLine) &&
    foldCaseAndSpacing(typed.city) === foldCaseAndSpacing(suggestion.politicalDivision2) &&
    foldCaseAndSpacing(typed.state) === foldCaseAndSpacing(suggestion.politicalDivision1) &&
    typedZip === suggestion.postcodePrimaryLow.trim() &&
    (typedExtension === "" || typedExtension === extension)
  );
}
