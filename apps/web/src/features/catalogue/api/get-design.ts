import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DesignDetail, DesignResponse } from "@threadfolk/contract/discovery-constants";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

/** `GET /api/v1/designs/{uuid}`: the design page (every colour's images, variants, artist, more by them). */
export async function getDesign(uuid: string, signal?: AbortSignal): Promise<DesignDetail> {
  const response = await apiRequest<DesignResponse>(`/api/v1/designs/${encodeURIComponent(uuid)}`, {
    signal,
    isPublic: true,
  });
  return response.data;
}

export const designQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: catalogueKeys.design(uuid),
    queryFn: ({ signal }) => getDesign(uuid, signal),
    staleTime: 60_000,
    // A 404 is an answer (the not-found state), not a hiccup worth retrying.
    retry: (failureCount, error) => !isApiError(error, 404) && failureCount < 1,
  });

/** One design's detail. */
export function useDesign(uuid: string) {
  return useQuery(designQueryOptions(uuid));
}
