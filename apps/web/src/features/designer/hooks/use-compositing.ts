import type { GarmentLayerSize, GarmentLayers, PreparedPrint } from "@threadfolk/contract/mockup-compose";
import { type Placement, placeArtwork, type StudioGarment } from "@threadfolk/contract/studio";
import { type InkSummary, summariseInk } from "@threadfolk/contract/studio-contrast";
import { useEffect, useState } from "react";
import { artworkRgba, loadArtworkBitmap } from "../compositing/artwork-pixels.ts";
import { loadGarmentLayers } from "../compositing/garment-layers.ts";

type Loaded<Value> = { value: Value | undefined; error: string | undefined };

function useLoaded<Value>(load: (() => Promise<Value>) | undefined, key: string): Loaded<Value> {
  const [state, setState] = useState<Loaded<Value> & { key: string }>({ key: "", value: undefined, error: undefined });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` loads
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (value) => live && setState({ key, value, error: undefined }),
      (error: unknown) =>
        live && setState({ key, value: undefined, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state.key === key ? state : { value: undefined, error: undefined };
}

/** A garment's layers at one size (fetched once, immutable). */
export function useGarmentLayers(garment: StudioGarment, size: GarmentLayerSize) {
  return useLoaded<GarmentLayers>(() => loadGarmentLayers(garment, size), `${garment}:${size}`);
}

/** The artwork decoded in the browser (downscaled for previews). */
export function useArtworkBitmap(url: string | undefined) {
  return useLoaded<ImageBitmap>(url ? () => loadArtworkBitmap(url) : undefined, url ?? "");
}

/** The artwork's print for a placement on a canvas of `size`: the server's `placeArtwork` box, resized. */
export function preparedPrint(
  bitmap: ImageBitmap,
  garment: StudioGarment,
  aspect: number,
  placement: Placement,
  size: number,
): PreparedPrint {
  const box = placeArtwork(garment, aspect, placement, size);
  return { ...box, rgba: artworkRgba(bitmap, box.width, box.height) };
}

/** The artwork's ink, summarised from a 96 px copy, for the contrast warnings. */
export function inkSummaryOf(bitmap: ImageBitmap): InkSummary {
  const ratio = 96 / Math.max(bitmap.width, bitmap.height);
  const width = Math.max(1, Math.round(bitmap.width * ratio));
  const height = Math.max(1, Math.round(bitmap.height * ratio));
  return summariseInk(artworkRgba(bitmap, width, height));
}
