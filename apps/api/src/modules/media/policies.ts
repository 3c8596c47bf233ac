import { ownsResource, resourceRule } from "../../lib/authorize.ts";

/**
 * Media is public except a design's clean images (its artwork and plain mockups, decision 021): those are
 * the artist's own work before the watermark, for their studio screens. A customer without a storefront gets
 * 403, another artist 404 as if the design did not exist.
 */
export const mediaPolicies = {
  viewCleanDesignImages: resourceRule({
    who: "artist",
    resourceName: "Design",
    allows: (actor, design: { sellerProfileId: string }) => design.sellerProfileId === actor.artistId,
  }),
  /** An upload's normalised picture (decision 036): its owner's only, storefront or not. */
  viewUploadImage: resourceRule({
    who: "customer",
    resourceName: "Upload",
    allows: (actor, upload: { userId: string }) => ownsResource(actor, upload),
  }),
};
