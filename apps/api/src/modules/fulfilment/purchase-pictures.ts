import { createHash } from "node:crypto";
import type { ProductColor } from "@threadfolk/contract/colors";
import { GARMENT_OF_STYLE, type Placement, placementSchema, type StudioGarment } from "@threadfolk/contract/studio";
import { LRUCache } from "lru-cache";
import type { MediaStorage } from "../../adapters/storage/storage.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { HeavyWorkLimitError } from "../../lib/heavy-pool.ts";
import type { MediaRenderer } from "../media/media-renderer.ts";
import { UNMARKED_MAX_WIDTH } from "../media/render-mockup.ts";
import { findPrintLine, type PrintLine } from "./find-print-lines.ts";

/**
 * The picture of a shopper's own purchase for e-mails (issue 27, deliverable 5; decision 067): the line's
 * design at its frozen artwork version on the line's garment in the line's colour, the plain mockup (no
 * watermark: at this width the print is under 100 px wide, like the site's unmarked cards, decision 043), as
 * JPEG (every mail client shows it). Served at a permanent public URL named by the line's uuid (random, so
 * unguessable), cached as immutable: an e-mail read years later still shows it.
 */

/** The picture's width (square): the widest picture the site shows without a watermark. */
export const PURCHASE_PICTURE_WIDTH = UNMARKED_MAX_WIDTH;

/** Where a line's picture is stored; made once, never replaced (its line's artwork version never changes). */
export function purchasePictureKey(lineUuid: string): string {
  return `purchases/${lineUuid}.jpg`;
}

/** The picture's permanent URL (no signature, no expiry), for e-mails. */
export function purchasePictureUrl(config: Pick<Config, "PUBLIC_URL">, lineUuid: string): string {
  return `${config.PUBLIC_URL}/media/purchases/${lineUuid.toLowerCase()}.jpg`;
}

/** The garment drawing of a style (the tee for a style we have not drawn). */
export function garmentOfLine(line: Pick<PrintLine, "style">): StudioGarment {
  return GARMENT_OF_STYLE[line.style.key] ?? "tee";
}

/** The artist's placement on `garment` at the line's version, when one was set. */
export function placementOfLine(line: Pick<PrintLine, "placements">, garment: StudioGarment): Placement | undefined {
  const parsed = placementSchema.safeParse(line.placements?.[garment]);
  return parsed.success ? parsed.data : undefined;
}

/** Draws a line's picture from its version's artwork (`artwork`: the bytes at `line.artworkKey`). */
export function drawPurchasePicture(options: {
  renderer: MediaRenderer;
  line: PrintLine;
  artwork: Buffer;
  brandName: string;
}): Promise<Buffer> {
  const { renderer, line, artwork, brandName } = options;
  const garment = garmentOfLine(line);
  return renderer.mockup({
    artwork,
    garment,
    color: line.color as ProductColor,
    width: PURCHASE_PICTURE_WIDTH,
    variant: "mockups",
    brandName,
    placement: placementOfLine(line, garment),
    format: "jpeg",
  });
}

// Pictures asked for together (an e-mail opened on several devices) share one render per process, and a
// picture whose render broke a heavy work limit is refused at once for a while instead of drawn again.
const inFlight = new Map<string, Promise<Buffer | undefined>>();
const failures = new LRUCache<string, string>({ max: 1000, ttl: 5 * 60_000 });

async function renderAndStore(options: {
  db: Database;
  storage: MediaStorage;
  renderer: MediaRenderer;
  brandName: string;
  lineUuid: string;
}): Promise<Buffer | undefined> {
  const { db, storage, renderer, brandName, lineUuid } = options;
  const line = await findPrintLine(db, lineUuid);
  if (!line?.artworkKey) return undefined;
  const source = await storage.get(line.artworkKey);
  if (!source) return undefined;
  const body = await drawPurchasePicture({ renderer, line, artwork: source.body, brandName });
  // Another render (the order's job, another instance) may have stored it meanwhile: the first one stays.
  const key = purchasePictureKey(lineUuid);
  if (!(await storage.exists(key))) await storage.put(key, body, "image/jpeg");
  return body;
}

/**
 * A line's picture: stored by the order's print files job, or drawn now (in the media route's render pool) when
 * an e-mail is opened before that job got to it, and stored. Undefined for a line of no paid order.
 */
export async function getPurchasePicture(options: {
  db: Database;
  storage: MediaStorage;
  renderer: MediaRenderer;
  brandName: string;
  lineUuid: string;
}): Promise<{ body: Buffer; etag: string } | undefined> {
  const lineUuid = options.lineUuid.toLowerCase();
  const stored = await options.storage.get(purchasePictureKey(lineUuid));
  let body = stored?.body;
  if (!body) {
    const failure = failures.get(lineUuid);
    if (failure) throw new AppError("service_unavailable", failure);
    let render = inFlight.get(lineUuid);
    if (!render) {
      render = renderAndStore({ ...options, lineUuid })
        .catch((error: unknown) => {
          if (!(error instanceof HeavyWorkLimitError)) throw error;
          const message = "This picture could not be rendered: its artwork is too complex.";
          failures.set(lineUuid, message);
          throw new AppError("service_unavailable", message);
        })
        .finally(() => inFlight.delete(lineUuid));
      inFlight.set(lineUuid, render);
    }
    body = await render;
  }
  if (!body) return undefined;
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"` };
}
