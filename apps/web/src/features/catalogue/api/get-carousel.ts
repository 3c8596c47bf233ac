import { queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { CarouselResponse } from "@threadfolk/contract/discovery-constants";
import { apiRequest } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

/** `GET /api/v1/carousels?location_code=…`: the carousel shown at a location (`front_page` on the home page). */
export function getCarousel(locationCode: string, signal?: AbortSignal): Promise<CarouselResponse> {
  return apiRequest<CarouselResponse>(apiPath(API.carousel), { params: { locationCode }, signal, isPublic: true });
}

export const carouselQueryOptions = (locationCode: string) =>
  queryOptions({
    queryKey: catalogueKeys.carousel(locationCode),
    queryFn: ({ signal }) => getCarousel(locationCode, signal),
    refetchOnWindowFocus: false,
    staleTime: 5 * 60_000,
  });

/** The carousel of a location. */
export function useCarousel(locationCode: string) {
  return useQuery(carouselQueryOptions(locationCode));
}
