import { queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type {
  DesignDetail,
  DesignGarmentImagesResponse,
  DesignResponse,
} from "@threadfolk/contract/discovery-constants";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

/**
 * `GET /api/v1/designs/{uuid}`: the design page (the default garment's images in every colour, variants,
 * artist, more by them).
 */
export async function getDesign(uuid: string, signal?: AbortSignal): Promise<DesignDetail> {
  const response = await apiRequest<DesignResponse>(apiPath(API.design, { uuid }), {
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

/** The images of one garment of a design, by colour: `DesignDetail.images[garment]`. */
export type GarmentImages = DesignDetail["attributes"]["images"][string];

/** `GET /api/v1/designs/{uuid}/images/{garment}`: another garment's images than the default variant's. */
export async function getDesignGarmentImages(uuid: string, garment: string, signal?: AbortSignal) {
  const response = await apiRequest<DesignGarmentImagesResponse>(apiPath(API.designGarmentImages, { uuid, garment }), {
    signal,
    isPublic: true,
  });
  return response.data.images;
}

/**
 * A garment's images of a design: from the design's own reply when it carries them (the default variant's
 * garment), otherwise asked for once the shopper picks a style on that garment.
 */
export function useDesignGarmentImages(design: DesignDetail | undefined, garment: string | undefined) {
  const included = garment ? design?.attributes.images[garment] : undefined;
  const uuid = design?.attributes.uuid ?? "";
  const fetched = useQuery({
    queryKey: catalogueKeys.designGarmentImages(uuid, garment ?? ""),
    queryFn: ({ signal }) => getDesignGarmentImages(uuid, garment ?? "", signal),
    enabled: design !== undefined && garment !== undefined && included === undefined,
    staleTime: 60_000,
  });
  return included ?? fetched.data;
}
