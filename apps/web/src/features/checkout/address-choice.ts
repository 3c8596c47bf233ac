import type { AddressKeyFormat } from "./api/validate-address.ts";

/** One address of the checkout as the forms hold it and the API takes it (spec section 3: address payload). */
export type CheckoutAddress = {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
};

/** The country every address is in (spec section 9). */
export const CHECKOUT_COUNTRY = "UNITED STATES";

/** The suggestion's street line. */
export function suggestionStreet(suggestion: AddressKeyFormat): string {
  return suggestion.addressLine;
}

/** The suggestion's zip, primary and extended joined by a hyphen when there is an extension (spec section 3). */
export function suggestionZip(suggestion: AddressKeyFormat): string {
  const extended = suggestion.postcodeExtendedLow.trim();
  return extended ? `${suggestion.postcodePrimaryLow}-${extended}` : suggestion.postcodePrimaryLow;
}

/** The region line of a suggestion: the carrier's display string, else city, state and zip. */
export function suggestionRegion(suggestion: AddressKeyFormat): string {
  const region = suggestion.region.trim();
  if (region) return region;
  return `${suggestion.politicalDivision2} ${suggestion.politicalDivision1} ${suggestionZip(suggestion)}`;
}

/**
 * Spec section 4, address flow step 4: index `choice` of the dialog. A suggestion replaces the street, city,
 * state and zip and keeps the second line and the names; the entered address (index = the number of
 * suggestions, the last option) or any index past it is the address as typed.
 */
export function applyAddressChoice(
  entered: CheckoutAddress,
  suggestions: readonly AddressKeyFormat[],
  choice: number,
): CheckoutAddress {
  const suggestion = Number.isInteger(choice) && choice >= 0 ? suggestions[choice] : undefined;
  if (!suggestion) return { ...entered };
  return {
    ...entered,
    address1: suggestionStreet(suggestion),
    city: suggestion.politicalDivision2,
    state: suggestion.politicalDivision1,
    zip: suggestionZip(suggestion),
  };
}

/** The dialog's default choice (spec sections 4 and 9: index 0, which is the entered address when there is no suggestion). */
export const DEFAULT_ADDRESS_CHOICE = 0;
