import { identityRule } from "../../lib/authorize.ts";

/**
 * The checkout works on the caller's own cart, found by their identity (guests check out too: spec section
 * 6), so there is no id to probe: every write names no resource but "my cart". A placed order is no longer a
 * cart, so these routes can never change one.
 */
export const checkoutPolicies = {
  saveAddresses: identityRule("guest"),
  updateOrder: identityRule("guest"),
};
