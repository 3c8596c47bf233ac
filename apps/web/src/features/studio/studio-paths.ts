import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import type { MyDesign } from "@threadfolk/contract/studio-sales";

/** The product editor of a design: `/my-profile/product-editor/{sellerDesignUuid}`. */
export function productEditorPath(designUuid: string): string {
  return CLIENT_ROUTES.productEditor.replace(":sellerDesignUuid", encodeURIComponent(designUuid));
}

/** The product designer resuming one draft: `/my-profile/product-upload-wizard?draft={id}`. */
export function draftWizardPath(draftId: string): string {
  return `${CLIENT_ROUTES.productUploadWizard}?draft=${encodeURIComponent(draftId)}`;
}

/**
 * What My Designs passes in navigation state to the editor or the wizard (spec section 2: the design data is
 * passed along in navigation state; the page fetches it on a reload).
 */
export type StudioNavigationState = { design: MyDesign };
