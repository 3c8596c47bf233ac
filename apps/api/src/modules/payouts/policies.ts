import { identityRule, resourceRule } from "../../lib/authorize.ts";

/** Only the artist a payout was made to may read it or its statement. */
const ownPayout = resourceRule({
  who: "artist",
  resourceName: "Payout",
  allows: (actor, payout: { sellerProfileId: string }) => payout.sellerProfileId === actor.artistId,
});

/**
 * Payouts in the studio: an artist reads only their own balances, payouts and statements, and changes only their
 * own settings. Guests get 401, customers without a storefront 403, another artist's payout 404. Confirming a
 * PayPal e-mail needs only the link's token (it proves the mailbox; the change itself needed the password).
 */
export const payoutPolicies = {
  readSummary: identityRule("artist"),
  listPayouts: identityRule("artist"),
  readPayout: ownPayout,
  readSettings: identityRule("artist"),
  updateSettings: identityRule("artist"),
  changePayPalEmail: identityRule("artist"),
};
