import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { DeleteCollectionResponse } from "@threadfolk/contract/favorites";
import { apiRequest } from "../../../lib/api-client.ts";
import { LOCAL_KEYS, writeLocalList } from "../../../lib/storage.ts";
import { toast } from "../../../lib/toast.ts";
import { favoritesKeys } from "./query-keys.ts";

/** `DELETE /api/v1/customer_profile_design_collections/{id}`. */
function deleteCollection(input: { id: number; displayName: string }): Promise<DeleteCollectionResponse> {
  return apiRequest<DeleteCollectionResponse>(apiPath(API.favoriteCollection, { id: input.id }), {
    method: "DELETE",
  });
}

/** Deletes a collection; the stored favourites are replaced with the server's (its designs may be gone). */
export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: (response, input) => {
      writeLocalList(LOCAL_KEYS.favoriteDesignUuids, response.favoriteDesignUuids);
      toast.warning(`Deleted ${input.displayName} Collection`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesKeys.all }),
  });
}
