import type { CartAddressRecord } from "@threadfolk/contract/cart";
import type { AddressesBody } from "@threadfolk/contract/checkout";
import type { ShippingFormInput } from "@threadfolk/contract/validation";
import type { CheckoutAddress } from "./address-choice.ts";

/** The shipping step's form as typed (every field a string, the checkbox a boolean). */
export type ShippingFormValues = {
  shippingFirstName: string;
  shippingLastName: string;
  shippingAddress1: string;
  shippingAddress2: string;
  shippingCity: string;
  shippingState: string;
  shippingZip: string;
  email: string;
  billingSameAsShipping: boolean;
  billingFirstName: string;
  billingLastName: string;
  billingAddress1: string;
  billingAddress2: string;
  billingCity: string;
  billingState: string;
  billingZip: string;
};

type Prefix = "shipping" | "billing";

const EMPTY_ADDRESS: CheckoutAddress = {
  firstName: "",
  lastName: "",
  address1: "",
  address2: "",
  city: "",
  state: "",
  zip: "",
};

/** The fields of an address record (as saved), or an empty address. */
export function addressOfRecord(record: CartAddressRecord | null): CheckoutAddress {
  if (!record) return { ...EMPTY_ADDRESS };
  const { firstName, lastName, address1, address2, city, state, zip } = record.attributes;
  return { firstName, lastName, address1, address2, city, state, zip };
}

/** An address as the form's prefixed fields (`shippingFirstName`, `billingZip`, …). */
export function prefixed<P extends Prefix>(prefix: P, address: CheckoutAddress) {
  return {
    [`${prefix}FirstName`]: address.firstName,
    [`${prefix}LastName`]: address.lastName,
    [`${prefix}Address1`]: address.address1,
    [`${prefix}Address2`]: address.address2,
    [`${prefix}City`]: address.city,
    [`${prefix}State`]: address.state,
    [`${prefix}Zip`]: address.zip,
  } as Record<`${P}${"FirstName" | "LastName" | "Address1" | "Address2" | "City" | "State" | "Zip"}`, string>;
}

/** The address held under `prefix` in the form's values. */
export function addressOfForm(values: Partial<ShippingFormInput>, prefix: Prefix): CheckoutAddress {
  const read = (part: string) => {
    const value = (values as Record<string, unknown>)[`${prefix}${part}`];
    return typeof value === "string" ? value.trim() : "";
  };
  return {
    firstName: read("FirstName"),
    lastName: read("LastName"),
    address1: read("Address1"),
    address2: read("Address2"),
    city: read("City"),
    state: read("State"),
    zip: read("Zip"),
  };
}

/**
 * The form's first values (spec section 2: the addresses and order prefill the fields). 'Use as Billing
 * Address' is on by default and off when a billing address is held (spec section 4) that the cart does not
 * mark as a copy of the shipping one: the server keeps a copy of the shipping address as the billing record
 * when they are the same, and reopening the billing block for that copy would only ask the shopper to undo it.
 */
export function initialShippingFormValues(options: {
  shippingAddress: CartAddressRecord | null;
  billingAddress: CartAddressRecord | null;
  email: string | null;
  billingSameAsShipping: boolean;
}): ShippingFormValues {
  const billingSameAsShipping = options.billingAddress === null || options.billingSameAsShipping;
  return {
    ...prefixed("shipping", addressOfRecord(options.shippingAddress)),
    email: options.email ?? "",
    billingSameAsShipping,
    ...prefixed("billing", billingSameAsShipping ? { ...EMPTY_ADDRESS } : addressOfRecord(options.billingAddress)),
  };
}

/**
 * The body of `POST`/`PUT /addresses` (spec section 4, address flow step 5): the shipping address chosen in the
 * dialog, and the billing address only when it is not the shipping one (the server copies it otherwise).
 */
export function addressesBody(options: {
  shipping: CheckoutAddress;
  billing: CheckoutAddress | null;
  billingSameAsShipping: boolean;
  email: string;
}): AddressesBody {
  return {
    addresses: {
      shippingAddress: options.shipping,
      ...(options.billingSameAsShipping || !options.billing ? {} : { billingAddress: options.billing }),
      billingSameAsShipping: options.billingSameAsShipping,
      email: options.email.trim(),
    },
  };
}

/** The form field a 422 detail of `/addresses` names (`addresses.shipping_address.zip` -> `shippingZip`). */
export function formFieldOfDetail(field: string): keyof ShippingFormValues | null {
  const parts = field.split(".");
  const last = parts.at(-1) ?? "";
  if (last === "email") return "email";
  const camel = last.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
  const part = camel.charAt(0).toUpperCase() + camel.slice(1);
  const prefix = parts.includes("shipping_address") ? "shipping" : parts.includes("billing_address") ? "billing" : null;
  if (!prefix) return null;
  const name = `${prefix}${part}`;
  return name in prefixed(prefix, EMPTY_ADDRESS) ? (name as keyof ShippingFormValues) : null;
}
