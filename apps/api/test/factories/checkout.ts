/**
 * A real Albany address as the shipping step sends it: New York State outside New York City, where a shirt under
 * $110 pays only the 4.53 % average local share, on the items and the shipping (the city exempts it, decision 059).
 */
export const ALBANY_ADDRESS = {
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "1 Main St",
  address2: "",
  city: "Albany",
  state: "NY",
  zip: "12207",
};

/** The body of `POST /api/v1/addresses` for `address`, billed to the same address, with Ada's e-mail. */
export function addressesBody(address: Record<string, string> = ALBANY_ADDRESS) {
  return { addresses: { shipping_address: address, billing_same_as_shipping: true, email: "ada@example.com" } };
}
