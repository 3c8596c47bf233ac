import type { UploadPurpose } from "@threadfolk/contract/studio";
import sharp from "sharp";
import type { MediaStorage } from "../../src/adapters/storage/storage.ts";
import type { Database } from "../../src/db/client.ts";
import { uploads } from "../../src/db/schema/index.ts";
import { uploadSourceKey } from "../../src/modules/uploads/process-upload.ts";
import type { TestServer } from "../test-server.ts";

/**
 * A picture for studio tests: coloured shapes on a transparent ground (a PNG of `width` x `height`), tinted by
 * `hue` so two artworks render differently.
 */
export async function studioPicture(width: number, height: number, hue = 200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100" preserveAspectRatio="none">
    <circle cx="50" cy="45" r="38" fill="hsl(${hue},70%,50%)"/><rect x="20" y="70" width="60" height="20" fill="hsl(${(hue + 120) % 360},60%,40%)"/></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/**
 * A `ready` upload of `userId`, as the uploads pipeline leaves one: the normalised PNG stored at its source key
 * and the row with its pixel size (the studio only reads these through `loadReadyUpload`).
 */
export async function buildReadyUpload(
  db: Database,
  storage: MediaStorage,
  options: { userId: string; purpose?: UploadPurpose; width?: number; height?: number; hue?: number; body?: Buffer },
) {
  const { userId, purpose = "artwork", width = 2000, height = 2000 } = options;
  const id = crypto.randomUUID();
  const body = options.body ?? (await studioPicture(width, height, options.hue));
  const sourceKey = uploadSourceKey(id);
  await storage.put(sourceKey, body, "image/png");
  const [row] = await db
    .insert(uploads)
    .values({
      id,
      userId,
      purpose,
      status: "ready",
      fileName: `${purpose}.png`,
      declaredBytes: body.length,
      detectedType: "png",
      sourceKey,
      width,
      height,
      hasTransparency: true,
      opaqueBackground: false,
    })
    .returning();
  if (!row) throw new Error("upload insert returned nothing");
  return row;
}

/**
 * Publishes a design through the studio's routes, as an artist does (a draft of a men's tee at $26.00 in black and
 * white, then publish), so every write path's side effects run; answers the published design's id.
 */
export async function publishThroughStudio(
  server: TestServer,
  token: string,
  design: { uploadId: string; title: string; description: string; tags: string[] },
): Promise<string> {
  const draft = await server.request("/api/v1/design_drafts", {
    method: "POST",
    token,
    body: {
      design_draft: {
        step: "details",
        data: {
          artwork_upload_id: design.uploadId,
          offered_colors: ["black", "white"],
          default_color: "black",
          products: [{ garment_style_key: "mens_tee", price_cents: 2600 }],
          default_garment_style_key: "mens_tee",
          title: design.title,
          description: design.description,
          tags: design.tags,
        },
      },
    },
  });
  if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${draft.text}`);
  const published = await server.request(`/api/v1/design_drafts/${draft.body.data.id}/publish`, {
    method: "POST",
    token,
  });
  if (published.status !== 201) throw new Error(`publish: ${published.status} ${published.text}`);
  return published.body.data.id as string;
}
