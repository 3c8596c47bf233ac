import { identityRule, resourceRule } from "../../lib/authorize.ts";

/** Whether the design (any row with the artist's seller profile id) belongs to the calling artist. */
export const ownDesign = resourceRule({
  who: "artist",
  resourceName: "Design",
  allows: (actor, design: { sellerProfileId: string }) => design.sellerProfileId === actor.artistId,
});

/**
 * My Designs: an artist lists only their own designs and drafts and deactivates or reactivates only their own
 * designs. A guest gets 401, a customer without a storefront 403, another artist's design a 404 (decision 014).
 */
export const myDesignPolicies = {
  listDesigns: identityRule("artist"),
  deactivateDesign: ownDesign,
  reactivateDesign: ownDesign,
};
