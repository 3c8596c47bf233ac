import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UserInfo } from "@threadfolk/contract/accounts";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import { apiRequest } from "../../../lib/api-client.ts";
import { LOCAL_KEYS, writeLocal, writeLocalList } from "../../../lib/storage.ts";
import { useSignedIn } from "../hooks/use-signed-in.ts";
import { sessionKeys } from "./query-keys.ts";

/**
 * `GET /api/v1/user_info` (spec section 3, user info); copies the cached facts into local storage (spec
 * section 4, session).
 */
async function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const info = await apiRequest<UserInfo>(apiPath(API.userInfo), { signal });
  writeLocalList(LOCAL_KEYS.favoriteDesignUuids, info.favoriteDesignUuids ?? []);
  writeLocalList(LOCAL_KEYS.followedSellerUuids, info.followedSellerUuids ?? []);
  writeLocal(LOCAL_KEYS.username, info.username ?? undefined);
  writeLocal(LOCAL_KEYS.uniqueUsername, info.uniqueUsername ?? undefined);
  return info;
}

/** Query options of the user info; fetched only while signed in. */
function userInfoQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: sessionKeys.userInfo(),
    queryFn: ({ signal }) => fetchUserInfo(signal),
    enabled: signedIn,
    staleTime: 60_000,
    // A 401 here has already been refreshed and retried once by the API client.
    retry: false,
  });
}

/** The signed-in visitor's user info (undefined for guests and while loading). */
export function useUserInfo() {
  const signedIn = useSignedIn();
  return useQuery(userInfoQueryOptions(signedIn));
}
