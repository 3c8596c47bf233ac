import {
  ADDRESS_VERIFICATION_NOTICE,
  type AddressKeyFormat,
  type AddressPart,
  type AddressValidationResponse,
  type AddressValidationResult,
  type AddressVerificationProvider,
  MAX_ADDRESS_CANDIDATES,
} from "@threadfolk/contract/address-validation";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import { apiRequest } from "../../../lib/api-client.ts";

export type { AddressKeyFormat, AddressPart };

/** What the dialog says when the check itself failed (no reply): nothing was verified. */
export const ADDRESS_NOT_CHECKED_NOTICE = "We could not check this address just now; it will be saved as entered.";

/**
 * The dialog's notice (spec section 2: the carrier's notice) for the verifier that answered, from the contract;
 * null when the check could not be made.
 */
export function addressVerificationNotice(provider: AddressVerificationProvider | null): string {
  if (provider === null) return ADDRESS_NOT_CHECKED_NOTICE;
  return ADDRESS_VERIFICATION_NOTICE[provider] ?? ADDRESS_NOT_CHECKED_NOTICE;
}

export type AddressToValidate = { address1: string; address2: string; city: string; state: string; zip: string };

/**
 * `GET /api/v1/address_validations` (spec sections 3 and 7): the typed address, answered with at most 5
 * carrier-style suggestions and who checked them.
 */
export async function validateAddress(
  address: AddressToValidate,
  signal?: AbortSignal,
): Promise<{
  suggestions: AddressKeyFormat[];
  /** What each suggestion changes of the typed address (street, city, state, zip), in the same order. */
  changes: AddressPart[][];
  result: AddressValidationResult;
  provider: AddressVerificationProvider;
}> {
  // Only the address: the query is strict, and the names are none of the verifier's business.
  const { address1, address2, city, state, zip } = address;
  const reply = await apiRequest<AddressValidationResponse>(apiPath(API.addressValidation), {
    params: { address1, address2, city, state, zip },
    signal,
  });
  const candidates = reply.data.slice(0, MAX_ADDRESS_CANDIDATES);
  return {
    suggestions: candidates.map((candidate) => candidate.addressKeyFormat),
    changes: candidates.map((candidate) => candidate.changes),
    result: reply.meta.result,
    provider: reply.meta.provider,
  };
}
