import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ImageSource } from "@threadfolk/contract/discovery-constants";
import { apiRequest } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

/** One slide (spec section 3, carousel asset): an image linking to a click destination. */
export type CarouselAsset = {
  id: string;
  type: string;
  attributes: { id: number; assetUrl: string; image: ImageSource; clickDestinationUrl: string; altText: string | null };
};

export type Carousel = {
  data: {
    id: string;
    type: string;
    attributes: { locationCode: string; slideDelayInMs: number; carouselAssets: CarouselAsset[] };
  };
};

/** `GET /api/v1/carousels?location_code=…`: the carousel shown at a location (`front_page` on the home page). */
export function getCarousel(locationCode: string, signal?: AbortSignal): Promise<Carousel> {
  return apiRequest<Carousel>("/api/v1/carousels", { params: { locationCode }, signal, isPublic: true });
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
