import { identityRule } from "../../lib/authorize.ts";

/**
 * Sales: an artist reads only their own sold lines, totals and export. Every query is selected by the
 * artist's seller profile (the ledger's `seller_profile_id`), so there is no one else's resource to name:
 * a design filter naming another artist's design simply finds nothing. Guests get 401, customers 403.
 */
export const salesPolicies = {
  listSales: identityRule("artist"),
  readSummary: identityRule("artist"),
  exportSales: identityRule("artist"),
};
