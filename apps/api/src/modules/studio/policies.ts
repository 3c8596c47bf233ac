import { identityRule, resourceRule } from "../../lib/authorize.ts";

/** An artist acts only on what their own storefront owns (a draft or a design carries its seller profile). */
const ownedByArtist = (resourceName: string) =>
  resourceRule({
    who: "artist",
    resourceName,
    allows: (actor, resource: { sellerProfileId: string }) => resource.sellerProfileId === actor.artistId,
  });

/**
 * The seller studio (issue 14, decision 037). Any signed-in customer may open a storefront (and read or change
 * their own, keyed by the caller); everything else needs a storefront: a customer without one gets 403, a
 * guest 401, and another artist's draft or design answers 404 as if it did not exist (decision 014). The
 * garment styles are public and have no rule.
 */
export const studioPolicies = {
  readStorefront: identityRule("customer"),
  openStorefront: identityRule("customer"),
  updateStorefront: identityRule("customer"),
  listDrafts: identityRule("artist"),
  createDraft: identityRule("artist"),
  readDraft: ownedByArtist("Draft"),
  saveDraft: ownedByArtist("Draft"),
  deleteDraft: ownedByArtist("Draft"),
  publishDraft: ownedByArtist("Draft"),
  readDesign: ownedByArtist("Design"),
  updateDesign: ownedByArtist("Design"),
  readDesignRenders: ownedByArtist("Design"),
};
