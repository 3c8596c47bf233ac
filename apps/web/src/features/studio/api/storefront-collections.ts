import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { STOREFRONT_COLLECTION_MESSAGES, STUDIO_API } from "@threadfolk/contract/studio";
import type { StorefrontCollectionsResponse } from "@threadfolk/contract/studio-sales";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { studioKeys } from "./query-keys.ts";

export const storefrontCollectionsQueryOptions = () =>
  queryOptions({
    queryKey: studioKeys.collections(),
    queryFn: ({ signal }) => apiRequest<StorefrontCollectionsResponse>(STUDIO_API.storefrontCollections, { signal }),
    select: (reply) => [...reply.data].sort((a, b) => a.attributes.position - b.attributes.position),
  });

/** The artist's storefront collections, in their order. */
export function useStorefrontCollections() {
  return useQuery(storefrontCollectionsQueryOptions());
}

export type CollectionChange =
  | { kind: "create"; name: string; designUuids: string[] }
  | { kind: "update"; id: string; name?: string; designUuids?: string[]; position?: number }
  | { kind: "delete"; id: string };

function changeCollection(change: CollectionChange): Promise<unknown> {
  if (change.kind === "create") {
    return apiRequest(STUDIO_API.storefrontCollections, {
      method: "POST",
      body: { storefrontCollection: { name: change.name, designUuids: change.designUuids } },
    });
  }
  if (change.kind === "delete") {
    return apiRequest(STUDIO_API.storefrontCollection(change.id), { method: "DELETE" });
  }
  const { id, kind: _kind, ...fields } = change;
  return apiRequest(STUDIO_API.storefrontCollection(id), { method: "PATCH", body: { storefrontCollection: fields } });
}

/** A refusal the collection editor shows itself (a name taken or missing, too many collections). */
export function isCollectionRefusal(error: unknown): boolean {
  return isApiError(error, 422) || isApiError(error, 409);
}

/** The message for a refused collection change, in the contract's words when the server gave none. */
export function collectionRefusalMessage(error: unknown): string {
  if (isApiError(error)) return error.details[0]?.message ?? error.message;
  return STOREFRONT_COLLECTION_MESSAGES.nameRequired;
}

/** Creates, changes or deletes a collection, then reads the collections again. */
export function useChangeCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCollection,
    meta: { isExpectedError: isCollectionRefusal },
    onSettled: () => queryClient.invalidateQueries({ queryKey: studioKeys.collections() }),
  });
}
