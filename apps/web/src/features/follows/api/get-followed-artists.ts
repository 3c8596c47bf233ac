import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { FollowedArtistsResponse } from "@threadfolk/contract/favorites";
import { apiRequest } from "../../../lib/api-client.ts";
import { followsKeys } from "./query-keys.ts";

/** `GET /api/v1/artist_follows?page=N`: followed artists, most recent follow first, with their latest designs. */
function getFollowedArtists(page: number, signal?: AbortSignal): Promise<FollowedArtistsResponse> {
  return apiRequest<FollowedArtistsResponse>(apiPath(API.followedArtists), { params: { page }, signal });
}

const followedArtistsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: followsKeys.followedArtists(page),
    queryFn: ({ signal }) => getFollowedArtists(page, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the customer's followed artists (the Followed Artists tab). */
export function useFollowedArtists(page: number) {
  return useQuery(followedArtistsQueryOptions(page));
}
