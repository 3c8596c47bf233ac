import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { STUDIO_API } from "@threadfolk/contract/studio";
import type { MyDesignResponse, MyDesignsResponse } from "@threadfolk/contract/studio-sales";
import { apiRequest } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { type MyDesignsFilter, studioKeys } from "./query-keys.ts";

/** `GET /api/v1/seller_designs?status=&page=`: the artist's designs and drafts. */
export const myDesignsQueryOptions = (status: MyDesignsFilter, page: number) =>
  queryOptions({
    queryKey: studioKeys.myDesignsList(status, page),
    queryFn: ({ signal }) =>
      apiRequest<MyDesignsResponse>(STUDIO_API.sellerDesigns, { params: { status, page }, signal }),
    placeholderData: keepPreviousData,
    // A design published or edited a moment ago in the designer shows at once.
    staleTime: 0,
  });

export function useMyDesigns(status: MyDesignsFilter, page: number) {
  return useQuery(myDesignsQueryOptions(status, page));
}

/** Deactivation and reactivation: the spec's call with payload `uuid`. */
function changeDesignStatus(input: { uuid: string; action: "deactivate" | "reactivate" }) {
  const path = input.action === "deactivate" ? STUDIO_API.deactivateDesign : STUDIO_API.reactivateDesign;
  return apiRequest<MyDesignResponse>(path, { method: "POST", body: { uuid: input.uuid } });
}

/** Deactivates or reactivates a design, then reads My Designs again (its status and filter change). */
export function useChangeDesignStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDesignStatus,
    onSuccess: async (reply, input) => {
      const name = reply.data.attributes.displayName;
      toast.success(
        input.action === "deactivate" ? `${name} is deactivated: shoppers no longer find it` : `${name} is live again`,
      );
      await queryClient.invalidateQueries({ queryKey: studioKeys.myDesigns() });
    },
  });
}

/** Discards an unpublished draft (`DELETE /design_drafts/{id}`), then reads My Designs again. */
export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draftId: string) => apiRequest<unknown>(STUDIO_API.designDraft(draftId), { method: "DELETE" }),
    onSuccess: async () => {
      toast.success("The draft is discarded");
      await queryClient.invalidateQueries({ queryKey: studioKeys.myDesigns() });
    },
  });
}
