import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { CustomerProfileDesignCollection } from "@threadfolk/contract/favorites";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { favoritesKeys } from "./query-keys.ts";

/** `POST /api/v1/customer_profile_design_collections` with `displayName` (spec section 7). */
async function createCollection(displayName: string): Promise<CustomerProfileDesignCollection> {
  const response = await apiRequest<{ data: CustomerProfileDesignCollection }>(apiPath(API.favoriteCollections), {
    method: "POST",
    body: { displayName },
  });
  return response.data;
}

/** A server refusal worth showing as it is (a taken name, a name too long): its message, not the general one. */
export function isCollectionNameError(error: unknown): boolean {
  return isApiError(error, 422);
}

/** The text of a refused name: the field's message ('Collection Name has already been taken') when there is one. */
export function collectionNameErrorMessage(error: unknown): string {
  if (!isApiError(error)) return String(error);
  return error.details[0]?.message ?? error.message;
}

/**
 * Creates a collection: toast 'Created {name} Collection' (spec section 8) and a refetch of the lists; a 422
 * (the name is taken) shows the server's message, anything else the general error toast.
 */
export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    meta: { isExpectedError: isCollectionNameError },
    onSuccess: (collection) => {
      toast.success(`Created ${collection.attributes.displayName} Collection`);
    },
    onError: (error) => {
      if (isCollectionNameError(error)) toast.error(collectionNameErrorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesKeys.all }),
  });
}
