import { type Actor, authorize } from "../../lib/authorize.ts";
import { mediaPolicies } from "./policies.ts";

declare const grantBrand: unique symbol;

/**
 * Permission to sign the clean images (artwork, plain mockups) of one design. Only the functions below mint
 * one, so a code path that signs clean URLs has either authorised a request or is production (decision 021).
 */
export type CleanImageGrant = { readonly designUuid: string; readonly [grantBrand]: true };

function mintGrant(designUuid: string): CleanImageGrant {
  return { designUuid } as CleanImageGrant;
}

/** The artist who owns the design, asking for their own clean images (the studio); throws 401/403/404 otherwise. */
export function grantArtistCleanImages(options: {
  actor: Actor | undefined;
  design: { id: string; sellerProfileId: string } | undefined;
}): CleanImageGrant {
  const { actor, design } = options;
  authorize(actor, mediaPolicies.viewCleanDesignImages, design);
  return mintGrant(design.id);
}

/**
 * Production: server-side work that prints an ordered design (the fulfilment jobs of the order issues) and
 * hands its print partner the clean files. Never call it from a request handler: no one is authorised here.
 */
export function grantProductionCleanImages(options: { designUuid: string }): CleanImageGrant {
  return mintGrant(options.designUuid);
}

declare const uploadGrantBrand: unique symbol;

/** Permission to sign the clean picture of one upload (decision 036): minted only for the upload's owner. */
export type CleanUploadGrant = { readonly uploadId: string; readonly [uploadGrantBrand]: true };

/**
 * The customer who owns the upload, asking for its normalised picture (the studio's preview); throws 401 for
 * a guest or no one, 404 for someone else's upload.
 */
export function grantUploadOwnerImage(options: {
  actor: Actor | undefined;
  upload: { id: string; userId: string } | undefined;
}): CleanUploadGrant {
  const { actor, upload } = options;
  authorize(actor, mediaPolicies.viewUploadImage, upload);
  return { uploadId: upload.id } as CleanUploadGrant;
}
