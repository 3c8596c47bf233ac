import { type Placement, placementSchema } from "@threadfolk/contract/studio";
import { eq } from "drizzle-orm";
import type { MediaStorage } from "../../adapters/storage/storage.ts";
import type { Database } from "../../db/client.ts";
import { designs } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { HeavyWorkLimitError } from "../../lib/heavy-pool.ts";
import { type Garment, parseRenditionKey, type Rendition, storageKeyOf } from "./media-keys.ts";
import type { MediaRenderer } from "./media-renderer.ts";

export type MediaObject = { body: Buffer; contentType: string };

// Identical renders requested together (a page of cards on a cold cache) share one promise per storage.
// Across instances a duplicate render is harmless: both write the same bytes and put is atomic.
const rendersInFlight = new WeakMap<MediaStorage, Map<string, Promise<MediaObject | undefined>>>();

/**
 * Renditions whose render broke a heavy work limit, with when: asked for again within RENDER_FAILURE_MEMORY_MS,
 * they are refused at once rather than drawn again (the same source would break the limit again), so a page
 * that keeps asking cannot keep a heavy work process busy. Per process and bounded: the oldest is forgotten.
 */
const failedRenders = new WeakMap<MediaStorage, Map<string, { at: number; reason: string }>>();
const RENDER_FAILURE_MEMORY_MS = 5 * 60_000;
const FAILED_RENDERS_KEPT = 1000;

const LIMIT_REASONS: Record<HeavyWorkLimitError["limit"], string> = {
  time: "it took longer than the time limit of picture rendering",
  memory: "it needed more memory than picture rendering may use",
  crash: "its rendering stopped unexpectedly",
};

function failedRendersOf(storage: MediaStorage): Map<string, { at: number; reason: string }> {
  let failed = failedRenders.get(storage);
  if (!failed) {
    failed = new Map();
    failedRenders.set(storage, failed);
  }
  return failed;
}

function renderFailure(reason: string): AppError {
  return new AppError("service_unavailable", `This picture could not be rendered: ${reason}.`);
}

/** A design's current placement on one garment and its artwork version (what a mockup is rendered from). */
async function findMockupState(
  db: Database,
  designUuid: string,
  garment: Garment,
): Promise<{ placement: Placement | undefined; version: number } | undefined> {
  const [row] = await db
    .select({ placements: designs.placements, version: designs.artworkVersion })
    .from(designs)
    .where(eq(designs.id, designUuid))
    .limit(1);
  if (!row) return undefined;
  const parsed = placementSchema.safeParse(row.placements[garment]);
  return { placement: parsed.success ? parsed.data : undefined, version: row.version };
}

/**
 * A slide's phone rendition without a phone source of its own: letterboxed from the desktop slide, which a
 * data directory seeded before phone renditions existed does have (decision 044).
 */
async function renderFromFallbackSource(
  renderer: MediaRenderer,
  storage: MediaStorage,
  key: string,
  rendition: Extract<Rendition, { kind: "image" }>,
): Promise<MediaObject | undefined> {
  const fallback = rendition.fallbackSourceKey ? await storage.get(rendition.fallbackSourceKey) : undefined;
  if (!fallback) return undefined;
  const body = await renderer.letterboxedSlide({ source: fallback.body, width: rendition.width });
  await storage.put(key, body, "image/webp");
  return { body, contentType: "image/webp" };
}

async function renderAndStore(
  renderer: MediaRenderer,
  storage: MediaStorage,
  key: string,
  brandName: string,
  db: Database | undefined,
): Promise<MediaObject | undefined> {
  const rendition = parseRenditionKey(key);
  if (!rendition) return undefined;
  const source = await storage.get(rendition.sourceKey);
  if (!source)
    return rendition.kind === "image" ? renderFromFallbackSource(renderer, storage, key, rendition) : undefined;
  if (rendition.kind !== "mockup") {
    const body = await renderer.imageRendition({
      source: source.body,
      preset: rendition.preset,
      width: rendition.width,
    });
    await storage.put(storageKeyOf(key), body, "image/webp");
    return { body, contentType: "image/webp" };
  }
  // The design's current placement on this garment (decision 037). A render that overlapped a change of the
  // artwork or a placement (the version moved on meanwhile) is served once but not stored: the change deletes
  // the design's renditions, and a stale one stored after that would outlive it.
  const before = db ? await findMockupState(db, rendition.designUuid, rendition.garment) : undefined;
  const body = await renderer.mockup({ artwork: source.body, ...rendition, brandName, placement: before?.placement });
  const after = db && before ? await findMockupState(db, rendition.designUuid, rendition.garment) : undefined;
  if (!before || after?.version === before.version) await storage.put(storageKeyOf(key), body, "image/webp");
  return { body, contentType: "image/webp" };
}

/**
 * A stored media object; an absent rendition (mockup, resized avatar/banner/carousel) whose source exists
 * is rendered by `renderer` (the server's draws in the heavy work pool, decision 064), stored (a mockup under
 * its render version, `mockupStorageKey`) and returned. Undefined when neither the object nor its source
 * exists. With `db`, a mockup is rendered with the design's current placement on its garment. A render past a
 * heavy work limit is a 503 that says why, and the same answer for a while (`failedRenders`).
 */
export async function getMediaObject(options: {
  key: string;
  storage: MediaStorage;
  brandName: string;
  renderer: MediaRenderer;
  db?: Database;
}): Promise<MediaObject | undefined> {
  const { key, storage, brandName, renderer, db } = options;
  // A mockup is read at the current render version only, so one stored by an older pipeline is rendered again.
  const stored = await storage.get(storageKeyOf(key));
  if (stored) return stored;
  if (!parseRenditionKey(key)) return undefined;
  let inFlight = rendersInFlight.get(storage);
  if (!inFlight) {
    inFlight = new Map();
    rendersInFlight.set(storage, inFlight);
  }
  const running = inFlight.get(key);
  if (running) return running;
  const failed = failedRendersOf(storage);
  const failure = failed.get(key);
  if (failure && Date.now() - failure.at < RENDER_FAILURE_MEMORY_MS) throw renderFailure(failure.reason);
  failed.delete(key);
  const render = renderAndStore(renderer, storage, key, brandName, db)
    .catch((error: unknown) => {
      if (!(error instanceof HeavyWorkLimitError)) throw error;
      const reason = LIMIT_REASONS[error.limit];
      failed.set(key, { at: Date.now(), reason });
      if (failed.size > FAILED_RENDERS_KEPT) failed.delete(failed.keys().next().value as string);
      throw renderFailure(reason);
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, render);
  return render;
}
