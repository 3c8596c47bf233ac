import { queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { SellerProfile } from "@threadfolk/contract/studio-profile";
import { apiRequest } from "../../../lib/api-client.ts";
import { studioKeys } from "./query-keys.ts";

/**
 * `STUDIO_API.sellerProfile`, written out: this module is read by the account menu and the profile tabs, and the
 * contract's studio module brings the validation library with it (a test keeps the two equal).
 */
export const SELLER_PROFILE_PATH = apiPath(API.sellerProfile);

/** The caller's storefront, or null when they have none. */
async function getSellerProfile(signal?: AbortSignal): Promise<SellerProfile | null> {
  const reply = await apiRequest<{ data: SellerProfile | null }>(SELLER_PROFILE_PATH, { signal });
  return reply.data;
}

export const sellerProfileQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: studioKeys.sellerProfile(),
    queryFn: ({ signal }) => getSellerProfile(signal),
    enabled,
    // Opening a storefront writes the reply into the cache; nothing else changes it behind the visitor's back.
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * The signed-in visitor's storefront (`data` null when they have none, undefined while unknown): the studio
 * screens, and the menus and tabs that offer the studio to artists and a storefront to everyone else.
 */
export function useSellerProfile({ enabled }: { enabled: boolean }) {
  return useQuery(sellerProfileQueryOptions(enabled));
}
