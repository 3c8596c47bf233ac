import { useMutation, useQueryClient } from "@tanstack/react-query";
import { STUDIO_API } from "@threadfolk/contract/studio";
import type { SellerProfile } from "@threadfolk/contract/studio-profile";
import { apiRequest } from "../../../lib/api-client.ts";
import { studioKeys } from "./query-keys.ts";

export type StorefrontFields = {
  displayName: string;
  uniqueUsername: string;
  bio: string;
  /** A ready upload's id; null removes the picture; undefined keeps it. */
  avatarUploadId?: string | null;
  bannerUploadId?: string | null;
};

/** POST (open, with the terms accepted) or PATCH (change) the caller's storefront. */
function saveSellerProfile(input: { isOpen: boolean; fields: StorefrontFields }): Promise<{ data: SellerProfile }> {
  const body = input.isOpen
    ? { sellerProfile: input.fields }
    : { sellerProfile: { ...input.fields, acceptTerms: true } };
  return apiRequest<{ data: SellerProfile }>(STUDIO_API.sellerProfile, {
    method: input.isOpen ? "PATCH" : "POST",
    body,
  });
}

/** Opens or changes the storefront; the reply becomes the cached storefront (menus switch to the studio). */
export function useSaveSellerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSellerProfile,
    meta: { isExpectedError: () => true },
    onSuccess: (reply) => queryClient.setQueryData(studioKeys.sellerProfile(), reply.data),
  });
}
