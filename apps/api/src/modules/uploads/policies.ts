import { identityRule, ownsResource, resourceRule } from "../../lib/authorize.ts";

/** Every request about an existing upload: its owner only. */
const ownUpload = resourceRule({
  who: "customer",
  resourceName: "Upload",
  allows: (actor, upload: { userId: string }) => ownsResource(actor, upload),
});

/**
 * Uploads (decision 036) belong to the signed-in customer who started them (an avatar comes before the
 * storefront, so no artist role is needed). A guest or a request without a token gets 401 on every tus
 * request and on the status; another customer's upload answers 404 as if it did not exist.
 */
export const uploadPolicies = {
  create: identityRule("customer"),
  /** HEAD (the offset), PATCH (more bytes), DELETE (cancel). */
  transfer: ownUpload,
  readStatus: ownUpload,
};
