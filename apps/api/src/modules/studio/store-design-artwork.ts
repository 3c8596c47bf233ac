import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { MediaStorage } from "../../adapters/storage/storage.ts";
import type { Database } from "../../db/client.ts";
import { designArtworkVersions, designs } from "../../db/schema/index.ts";
import { artworkKey, versionedArtworkKey } from "../media/media-keys.ts";

function sha256Hex(body: Buffer): string {
  return createHash("sha256").update(body).digest("hex");
}

/** Puts `body` at `key` unless an object is there already (the key names its content: the same bytes). */
async function putOnce(storage: MediaStorage, key: string, body: Buffer): Promise<void> {
  if (!(await storage.exists(key))) await storage.put(key, body, "image/png");
}

/**
 * A design whose artwork versions still name the replaceable `designs/{uuid}/artwork.png` (designs made before
 * decision 067, the demo's): before that file is replaced, its bytes are copied under their immutable key and
 * every version row and the design itself name that copy instead, so an order of an older version prints what
 * it showed. Nothing happens for a design already on immutable keys.
 */
async function keepReplaceableArtwork(options: { db: Database; storage: MediaStorage; designId: string }) {
  const { db, storage, designId } = options;
  const current = artworkKey(designId);
  const [named] = await db
    .select({ version: designArtworkVersions.version })
    .from(designArtworkVersions)
    .where(and(eq(designArtworkVersions.designId, designId), eq(designArtworkVersions.artworkKey, current)))
    .limit(1);
  if (!named) return;
  const source = await storage.get(current);
  if (!source) return;
  const kept = versionedArtworkKey(designId, sha256Hex(source.body));
  await putOnce(storage, kept, source.body);
  await db.transaction(async (tx) => {
    await tx
      .update(designArtworkVersions)
      .set({ artworkKey: kept })
      .where(and(eq(designArtworkVersions.designId, designId), eq(designArtworkVersions.artworkKey, current)));
    // The design row too (its trigger rewrites the current version's row with the same key).
    await tx
      .update(designs)
      .set({ artworkKey: kept })
      .where(and(eq(designs.id, designId), eq(designs.artworkKey, current)));
  });
}

/**
 * Stores a design's new artwork (decision 067) and returns the key the design row must name
 * (`designs.artwork_key`, which the artwork version trigger copies): the bytes under their immutable key
 * `designs/{uuid}/artworks/{sha256}.png` (what print files are made from, never replaced), and at the design's
 * current artwork `designs/{uuid}/artwork.png` (what mockups and the editor read). Storage cannot join the
 * caller's transaction: both are in place before the row that names them; a crash leaves at worst an unnamed file.
 */
export async function storeDesignArtwork(options: {
  db: Database;
  storage: MediaStorage;
  designId: string;
  body: Buffer;
}): Promise<string> {
  const { db, storage, designId, body } = options;
  await keepReplaceableArtwork({ db, storage, designId });
  const key = versionedArtworkKey(designId, sha256Hex(body));
  await putOnce(storage, key, body);
  await storage.put(artworkKey(designId), body, "image/png");
  return key;
}
