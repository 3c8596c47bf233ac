import { identityRule } from "../../lib/authorize.ts";

/**
 * Placing and paying are every shopper's, guests included (spec section 6: the cart and checkout are open to
 * guests); each works only on the caller's own order, found by the caller's identity, never by an id alone.
 */
export const orderPolicies = {
  placeOrder: identityRule("guest"),
  payOrder: identityRule("guest"),
  readPaymentSettings: identityRule("guest"),
};
