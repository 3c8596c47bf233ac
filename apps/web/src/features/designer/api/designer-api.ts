import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type DesignDraftData, type DesignerStep, STUDIO_API } from "@threadfolk/contract/studio";
import type { DesignTagsResponse } from "@threadfolk/contract/studio-designer";
import { apiRequest } from "../../../lib/api-client.ts";
import { designerKeys } from "./query-keys.ts";
import type { DesignDraft, DesignRenders, GarmentStyle, SellerDesign } from "./types.ts";

/** `GET /api/v1/garment_styles`: the styles an artist can offer (public; changes rarely). */
export function useGarmentStyles() {
  return useQuery({
    queryKey: designerKeys.garmentStyles(),
    queryFn: ({ signal }) => apiRequest<{ data: GarmentStyle[] }>(STUDIO_API.garmentStyles, { signal, isPublic: true }),
    select: (reply) => [...reply.data].sort((a, b) => a.attributes.position - b.attributes.position),
    staleTime: 10 * 60_000,
  });
}

/** `GET /api/v1/design_drafts`: the caller's unpublished drafts, newest first. */
export const draftsQueryOptions = () =>
  queryOptions({
    queryKey: designerKeys.drafts(),
    queryFn: ({ signal }) => apiRequest<{ data: DesignDraft[] }>(STUDIO_API.designDrafts, { signal }),
    staleTime: 0,
  });

export function createDraft(step: DesignerStep, data: DesignDraftData): Promise<DesignDraft> {
  return apiRequest<{ data: DesignDraft }>(STUDIO_API.designDrafts, {
    method: "POST",
    body: { designDraft: { step, data } },
  }).then((reply) => reply.data);
}

/** PATCH a draft: the parts sent are merged into its data, and `step` is where the artist resumes. */
export function saveDraft(draftId: string, step: DesignerStep, data: DesignDraftData): Promise<DesignDraft> {
  return apiRequest<{ data: DesignDraft }>(STUDIO_API.designDraft(draftId), {
    method: "PATCH",
    body: { designDraft: { step, data } },
  }).then((reply) => reply.data);
}

export function deleteDraft(draftId: string): Promise<void> {
  return apiRequest<void>(STUDIO_API.designDraft(draftId), { method: "DELETE" });
}

export function publishDraft(draftId: string): Promise<SellerDesign> {
  return apiRequest<{ data: SellerDesign }>(STUDIO_API.publishDraft(draftId), { method: "POST" }).then(
    (reply) => reply.data,
  );
}

export const sellerDesignQueryOptions = (uuid: string, initial?: SellerDesign) =>
  queryOptions({
    queryKey: designerKeys.design(uuid),
    queryFn: ({ signal }) =>
      apiRequest<{ data: SellerDesign }>(STUDIO_API.sellerDesign(uuid), { signal }).then((reply) => reply.data),
    // Navigation state paints at once; the server is asked behind it (decision 025's rule).
    initialData: initial,
    initialDataUpdatedAt: initial ? 0 : undefined,
    staleTime: 0,
    retry: (count, error) => count < 2 && !(error instanceof Error && "status" in error && error.status === 404),
  });

export function updateSellerDesign(uuid: string, data: DesignDraftData): Promise<SellerDesign> {
  return apiRequest<{ data: SellerDesign }>(STUDIO_API.sellerDesign(uuid), {
    method: "PATCH",
    body: { sellerDesign: data },
  }).then((reply) => reply.data);
}

/** How far a design's mockups have rendered, polled every second until complete or failed (or `enabled` is off). */
export function useDesignRenders(uuid: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: designerKeys.renders(uuid ?? ""),
    queryFn: ({ signal }) =>
      apiRequest<{ data: DesignRenders }>(STUDIO_API.sellerDesignRenders(uuid ?? ""), { signal }).then(
        (reply) => reply.data,
      ),
    enabled: enabled && uuid !== undefined,
    refetchInterval: (query) => {
      const attributes = query.state.data?.attributes;
      return attributes?.complete || attributes?.failureCode ? false : 1000;
    },
    staleTime: 0,
  });
}

/** Tag suggestions for what is being typed (existing tags of live designs). */
export function useDesignTagSuggestions(query: string) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: designerKeys.tags(trimmed.toLowerCase()),
    queryFn: ({ signal }) =>
      apiRequest<DesignTagsResponse>(STUDIO_API.designTags, { params: { query: trimmed }, signal, isPublic: true }),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    select: (reply) => reply.data,
  });
}
