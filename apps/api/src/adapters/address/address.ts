import type {
  AddressKeyFormat,
  AddressValidationQuery,
  AddressValidationResult,
  AddressVerificationProvider,
} from "@threadfolk/contract/address-validation";

/** The port of address verification (decision 013 shape, decision 022): the local ZIP data or UPS. */

/** A US shipping address as typed in (validated by the contract: state one of the 52, zip 12345[-6789]). */
export type AddressToVerify = AddressValidationQuery;

export type VerificationResult = {
  result: AddressValidationResult;
  /** At most MAX_ADDRESS_CANDIDATES, best first; one when `valid`, none when `no_candidates`. */
  candidates: AddressKeyFormat[];
  provider: AddressVerificationProvider;
};

export type AddressVerifier = {
  readonly name: "local" | "ups";
  /** Never throws for a well-formed address: a verifier that cannot reach its service answers another way. */
  verify(input: AddressToVerify): Promise<VerificationResult>;
};

/** "12345-6789" -> { zip: "12345", zipExtension: "6789" }. */
export function splitZip(zip: string): { zip: string; zipExtension: string } {
  const [primary = "", extension = ""] = zip.trim().split("-");
  return { zip: primary, zipExtension: extension };
}
