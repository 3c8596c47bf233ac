import type { MediaStorage } from "../../adapters/storage/storage.ts";
import { parseRenditionKey } from "./media-keys.ts";
import { renderImageRendition, renderMockupImage } from "./render-design-mockups.ts";

export type MediaObject = { body: Buffer; contentType: string };

// Identical renders requested together (a page of cards on a cold cache) share one promise per storage.
// Across instances a duplicate render is harmless: both write the same bytes and put is atomic.
const rendersInFlight = new WeakMap<MediaStorage, Map<string, Promise<MediaObject | undefined>>>();

async function renderAndStore(storage: MediaStorage, key: string, brandName: string): Promise<MediaObject | undefined> {
  const rendition = parseRenditionKey(key);
  if (!rendition) return undefined;
  const source = await storage.get(rendition.sourceKey);
  if (!source) return undefined;
  const body =
    rendition.kind === "mockup"
      ? await renderMockupImage({ artwork: source.body, ...rendition, brandName })
      : await renderImageRendition({ source: source.body, preset: rendition.preset, width: rendition.width });
  await storage.put(key, body, "image/webp");
  return { body, contentType: "image/webp" };
}

/**
 * A stored media object; an absent rendition (mockup, resized avatar/banner/carousel) whose source exists
 * is rendered, stored and returned. Undefined when neither the object nor its source exists.
 */
export async function getMediaObject(options: {
  key: string;
  storage: MediaStorage;
  brandName: string;
}): Promise<MediaObject | undefined> {
  const { key, storage, brandName } = options;
  const stored = await storage.get(key);
  if (stored) return stored;
  if (!parseRenditionKey(key)) return undefined;
  let inFlight = rendersInFlight.get(storage);
  if (!inFlight) {
    inFlight = new Map();
    rendersInFlight.set(storage, inFlight);
  }
  const running = inFlight.get(key);
  if (running) return running;
  const render = renderAndStore(storage, key, brandName).finally(() => inFlight.delete(key));
  inFlight.set(key, render);
  return render;
}
