import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { CustomerProfileDesignCollection } from "@threadfolk/contract/favorites";
import { apiRequest } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { collectionNameErrorMessage, isCollectionNameError } from "./create-collection.ts";
import { favoritesKeys } from "./query-keys.ts";

/** `PATCH /api/v1/customer_profile_design_collections/{id}` with `displayName`. */
async function renameCollection(input: { id: number; displayName: string }): Promise<CustomerProfileDesignCollection> {
  const response = await apiRequest<{ data: CustomerProfileDesignCollection }>(
    apiPath(API.favoriteCollection, { id: input.id }),
    { method: "PATCH", body: { displayName: input.displayName } },
  );
  return response.data;
}

/** Renames a collection; a taken name shows the server's message, anything else the general error toast. */
export function useRenameCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameCollection,
    meta: { isExpectedError: isCollectionNameError },
    onSuccess: (collection) => {
      toast.success(`Renamed to ${collection.attributes.displayName}`);
    },
    onError: (error) => {
      if (isCollectionNameError(error)) toast.error(collectionNameErrorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesKeys.all }),
  });
}
