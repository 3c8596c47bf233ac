import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * `GET /api/v1/address_validations` (spec sections 3 and 7): the typed address, answered with at most 5
 * carrier-style suggestions. A local schema of the reply (camelCase, after the client's case conversion) until
 * the contract's `address-validation.ts` lands; it is read leniently so a richer reply still parses.
 */
const addressKeyFormatSchema = z.object({
  /** The street line; a carrier may send several lines, the first is the street. */
  addressLine: z.union([z.string(), z.array(z.string())]),
  /** City. */
  politicalDivision2: z.string(),
  /** State abbreviation. */
  politicalDivision1: z.string(),
  postcodePrimaryLow: z.string(),
  postcodeExtendedLow: z.string().nullish(),
  /** The display line: city, state and ZIP. */
  region: z.string().nullish(),
  countryCode: z.string().nullish(),
});
export type AddressKeyFormat = z.infer<typeof addressKeyFormatSchema>;

const addressValidationReplySchema = z.object({
  data: z.array(z.object({ addressKeyFormat: addressKeyFormatSchema })),
  meta: z.object({ result: z.enum(["valid", "ambiguous", "no_candidates"]), provider: z.string() }),
});
export type AddressValidationReply = z.infer<typeof addressValidationReplySchema>;

/** The spec's carrier maximum (section 7): never more suggestions than this are shown. */
export const MAX_ADDRESS_SUGGESTIONS = 5;

/**
 * The notice the verification dialog shows, by the reply's `meta.provider` (spec section 2: the carrier's
 * notice). The local verifier is honest about what bundled ZIP data can check.
 */
export const ADDRESS_VERIFICATION_NOTICES: Record<string, string> = {
  local: "Checked against USPS ZIP Code data: we verify the city, state and ZIP, not the street address.",
  local_fallback:
    "The carrier could not be reached, so we checked against USPS ZIP Code data: the city, state and ZIP, not the street address.",
  ups: "UPS address validation. © UPS",
};

/** What the dialog says when the check itself failed (no reply): nothing was verified. */
export const ADDRESS_NOT_CHECKED_NOTICE = "We could not check this address just now; it will be saved as entered.";

/** The dialog's notice for a provider (a provider this client does not know gets the not-checked text). */
export function addressVerificationNotice(provider: string | null): string {
  if (provider === null) return ADDRESS_NOT_CHECKED_NOTICE;
  return ADDRESS_VERIFICATION_NOTICES[provider] ?? `Checked by ${provider}.`;
}

export type AddressToValidate = { address1: string; address2: string; city: string; state: string; zip: string };

/** Asks the server to verify `address`; answers the suggestions (at most 5) and who checked them. */
export async function validateAddress(
  address: AddressToValidate,
  signal?: AbortSignal,
): Promise<{ suggestions: AddressKeyFormat[]; provider: string }> {
  const reply = await apiRequest<unknown>("/api/v1/address_validations", { params: address, signal });
  const parsed = addressValidationReplySchema.parse(reply);
  return {
    suggestions: parsed.data.slice(0, MAX_ADDRESS_SUGGESTIONS).map((candidate) => candidate.addressKeyFormat),
    provider: parsed.meta.provider,
  };
}
