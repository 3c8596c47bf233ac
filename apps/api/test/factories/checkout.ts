/** A real Brooklyn address as the shipping step sends it (NY taxes 4.53 % of items and shipping). */
export const BROOKLYN_ADDRESS = {
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "1 Main St",
  address2: "",
  city: "Brooklyn",
  state: "NY",
  zip: "11201",
};

/** The body of `POST /api/v1/addresses` for `address`, billed to the same address, with Ada's e-mail. */
export function addressesBody(address: Record<string, string> = BROOKLYN_ADDRESS) {
  return { addresses: { shipping_address: address, billing_same_as_shipping: true, email: "ada@example.com" } };
}
