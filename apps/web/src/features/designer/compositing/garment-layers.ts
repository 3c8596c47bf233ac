import { type GarmentLayerSize, type GarmentLayers, unpackGarmentLayers } from "@threadfolk/contract/mockup-compose";
import type { StudioGarment } from "@threadfolk/contract/studio";
import { garmentLayersPath } from "@threadfolk/contract/studio-designer";

const cache = new Map<string, Promise<GarmentLayers>>();

/**
 * A garment's colour-free layers at one size, fetched once per page life (the reply is immutable, so the
 * browser's cache keeps it across visits too) and unpacked without copying.
 */
export function loadGarmentLayers(garment: StudioGarment, size: GarmentLayerSize): Promise<GarmentLayers> {
  const key = `${garment}:${size}`;
  let layers = cache.get(key);
  if (!layers) {
    layers = fetch(garmentLayersPath(garment, size)).then(async (response) => {
      if (!response.ok) throw new Error(`The garment drawing could not be loaded (${response.status})`);
      return unpackGarmentLayers(new Uint8Array(await response.arrayBuffer()));
    });
    cache.set(key, layers);
    layers.catch(() => cache.delete(key));
  }
  return layers;
}
