import { queryOptions, useQuery } from "@tanstack/react-query";
import { snakeToCamel } from "@threadfolk/contract/case";
import type { HomeCollectionKey } from "@threadfolk/contract/constants";
import type { DesignCard } from "@threadfolk/contract/discovery-constants";
import { apiRequest } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

/** One home collection (spec section 3, internal collection). */
export type HomeCollection = {
  id: string;
  type: string;
  attributes: { displayName: string; homePagePreview: DesignCard[] };
};

/** The home payload: keyed by collection name (camelCased by the client: `blkHistory25`), plus an eventId. */
export type HomeCollections = { eventId?: string } & { [key: string]: HomeCollection | string | undefined };

/** `GET /api/v1/internal_design_collections` (no query): every home collection with its preview cards. */
export function getHomeCollections(signal?: AbortSignal): Promise<HomeCollections> {
  return apiRequest<HomeCollections>("/api/v1/internal_design_collections", { signal, isPublic: true });
}

/** A collection of the home payload by its spec name (`blk_history25`), if the payload has it. */
export function pickHomeCollection(
  collections: HomeCollections | undefined,
  key: HomeCollectionKey,
): HomeCollection | undefined {
  const value = collections?.[snakeToCamel(key)];
  return typeof value === "object" ? value : undefined;
}

export const homeCollectionsQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.homeCollections(),
    queryFn: ({ signal }) => getHomeCollections(signal),
    // Spec section 2: the collections are not refetched on window focus.
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  });

/** The home collections (spec section 2, Home). */
export function useHomeCollections(options: { retry?: boolean | number } = {}) {
  return useQuery({ ...homeCollectionsQueryOptions(), ...options });
}
