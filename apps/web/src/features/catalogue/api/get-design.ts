import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DesignCard, ImageSource } from "@threadfolk/contract/discovery-constants";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

/** One style and fit of a design (a seller design product variant, numeric id). */
export type DesignVariant = {
  id: number;
  isDefault: boolean;
  garmentStyleKey: string;
  garmentStyleDisplayName: string;
  fit: string;
  /** Which drawn garment pictures this style (`tee`, `womens-tee`, `long-sleeve`, `hoodie`, `tank-top`): the key of `images`. */
  garment: string;
  price: string;
  priceCents: number;
  onSale: boolean;
  salesPrice: string;
  /** In the spec's size order. */
  sizes: string[];
  /** Snake-case colour names this style comes in. */
  colors: string[];
};

export type DesignColor = { key: string; displayName: string; hex: string };

export type DesignArtist = { uuid: string; uniqueUsername: string; displayName: string; avatar: ImageSource | null };

export type DesignDetail = {
  id: string;
  type: string;
  attributes: DesignCard & {
    description: string;
    tags: string[];
    publishedAt: string | null;
    colors: DesignColor[];
    /** By garment, then by colour (camelCase key, as the client converts keys): plain and watermarked mockups. */
    images: Record<string, Record<string, { mockup: ImageSource; watermarked: ImageSource }>>;
    variants: DesignVariant[];
    artist: DesignArtist;
    moreByArtist: DesignCard[];
  };
};

/** `GET /api/v1/designs/{uuid}`: the design page (every colour's images, variants, artist, more by them). */
export async function getDesign(uuid: string, signal?: AbortSignal): Promise<DesignDetail> {
  const response = await apiRequest<{ data: DesignDetail }>(`/api/v1/designs/${encodeURIComponent(uuid)}`, {
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
