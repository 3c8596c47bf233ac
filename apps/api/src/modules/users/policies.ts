import { identityRule } from "../../lib/authorize.ts";

/**
 * Accounts: sign-up, e-mail confirmation and password reset are open to anyone (the e-mailed token is the
 * proof); what is read about an account is the caller's own, so a signed-in customer is all it takes.
 */
export const userPolicies = {
  readUserInfo: identityRule("customer"),
};
