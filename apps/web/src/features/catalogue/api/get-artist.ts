import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { ArtistStorefrontResponse } from "@threadfolk/contract/discovery-constants";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

type ArtistParams = { artistKey: string; page: number };

/** `GET /api/v1/artists/{uuid or unique_username}?page`: the storefront with one page of designs. */
export function getArtist(params: ArtistParams, signal?: AbortSignal): Promise<ArtistStorefrontResponse> {
  return apiRequest<ArtistStorefrontResponse>(apiPath(API.artist, { artist_key: params.artistKey }), {
    params: { page: params.page },
    signal,
    isPublic: true,
  });
}

export const artistQueryOptions = (params: ArtistParams) =>
  queryOptions({
    queryKey: catalogueKeys.artist(params),
    queryFn: ({ signal }) => getArtist(params, signal),
    staleTime: 60_000,
    retry: (failureCount, error) => !isApiError(error, 404) && failureCount < 1,
  });

/** An artist's storefront page. */
export function useArtist(params: ArtistParams) {
  return useQuery({ ...artistQueryOptions(params), placeholderData: keepPreviousData });
}
