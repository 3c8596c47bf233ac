import { createHmac } from "node:crypto";
import type { ProductColor } from "@threadfolk/contract/colors";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";

/**
 * The ONLY place the discovery and search modules build media URLs.
 *
 * TEMPORARY (until the media branch is merged): the four functions in the block below mirror, name for name
 * and signature for signature, what apps/api/src/modules/media/ provides (`mockupKey`, `imageRenditionKey`,
 * `getMediaUrlSecret`, `signMediaUrl`) and its key conventions. At merge, delete the block and import those
 * four from the media module instead; nothing else in this file or elsewhere needs to change.
 */
// ---- temporary stand-ins for the media module: begin -------------------------------------------------------

export type Garment = "tee" | "womens-tee";
export type MockupVariant = "mockups" | "watermarked";
export type MockupWidth = 320 | 640 | 1024;
export type ImagePreset = "avatar" | "banner" | "carousel";

/** `designs/{uuid}/{variant}/{garment}-{color}-{width}.webp` (media module key convention). */
export function mockupKey(spec: {
  designUuid: string;
  variant: MockupVariant;
  garment: Garment;
  color: ProductColor;
  width: MockupWidth;
}): string {
  return `designs/${spec.designUuid}/${spec.variant}/${spec.garment}-${spec.color}-${spec.width}.webp`;
}

/** `artists/{id}/avatar-{w}.webp`, `artists/{id}/banner-{w}.webp`, `carousels/{assetId}-{w}.webp`. */
export function imageRenditionKey(preset: ImagePreset, id: string, width: number): string {
  if (preset === "carousel") return `carousels/${id}-${width}.webp`;
  return `artists/${id}/${preset}-${width}.webp`;
}

const DEVELOPMENT_SIGNING_KEY = "threadfolk-development-media-url-key";

/** The media URL signing secret: derived from SECRET_KEY, or a fixed development key when unset. */
export function getMediaUrlSecret({ config }: { db: Database; config: Pick<Config, "SECRET_KEY"> }): Promise<Buffer> {
  return Promise.resolve(
    createHmac("sha256", config.SECRET_KEY ?? DEVELOPMENT_SIGNING_KEY)
      .update("threadfolk media urls v1")
      .digest(),
  );
}

const URL_LIFETIME_SECONDS = 7 * 24 * 3600;
const EXPIRY_BUCKET_SECONDS = 24 * 3600;

/** `/media/{key}?exp=..&sig=..`: HMAC-SHA256 over key, expiry and version; expiry rounded up to a day. */
export function signMediaUrl(options: { key: string; secret: Buffer; baseUrl?: string; version?: string }): string {
  const { key, secret, baseUrl = "", version = "" } = options;
  const exp =
    Math.ceil((Math.floor(Date.now() / 1000) + URL_LIFETIME_SECONDS) / EXPIRY_BUCKET_SECONDS) * EXPIRY_BUCKET_SECONDS;
  const sig = createHmac("sha256", secret).update(`${key}\n${exp}\n${version}`).digest("base64url");
  const path = key.split("/").map(encodeURIComponent).join("/");
  return `${baseUrl}/media/${path}?exp=${exp}&sig=${sig}${version ? `&v=${encodeURIComponent(version)}` : ""}`;
}

// ---- temporary stand-ins for the media module: end ---------------------------------------------------------

/** What an <img> needs: fallback src, srcset of every width and the intrinsic size (no layout shift). */
export type ImageSource = { src: string; srcSet: string; width: number; height: number };

const MOCKUP_WIDTHS: readonly MockupWidth[] = [320, 640, 1024];
/** Cards and the design page use this width as `src`; mockups are square. */
const DEFAULT_MOCKUP_WIDTH: MockupWidth = 640;

const PRESET_WIDTHS: Record<ImagePreset, { widths: readonly number[]; aspect: number }> = {
  avatar: { widths: [64, 128, 256], aspect: 1 },
  banner: { widths: [640, 1280, 1920], aspect: 4 },
  carousel: { widths: [576, 1152, 2304], aspect: 1152 / 300 },
};

/** Which garment picture shows a garment style: only two are drawn, so every unisex cut uses the tee. */
export function garmentForStyle(garmentStyleKey: string): Garment {
  return garmentStyleKey === "womens_tee" ? "womens-tee" : "tee";
}

/** Signs URLs for one request; fetch the secret once per request with `createImageUrlSigner`. */
export type ImageUrlSigner = {
  /** One mockup image (all widths) of a design in a colour. */
  mockup(options: { designUuid: string; variant: MockupVariant; garment: Garment; color: ProductColor }): ImageSource;
  /** The card's single URL: the watermarked mockup at the card width. */
  watermarkedUrl(options: { designUuid: string; garment: Garment; color: ProductColor }): string;
  /** An avatar or banner (id = artist uuid) or a carousel slide (id = asset id). */
  picture(preset: ImagePreset, id: string): ImageSource;
};

/** Builds a signer over the media secret; `absolute` prefixes PUBLIC_URL (Open Graph images, sitemaps). */
export async function createImageUrlSigner(options: {
  db: Database;
  config: Pick<Config, "SECRET_KEY" | "PUBLIC_URL">;
  absolute?: boolean;
}): Promise<ImageUrlSigner> {
  const secret = await getMediaUrlSecret({ db: options.db, config: options.config });
  const baseUrl = options.absolute ? options.config.PUBLIC_URL : "";
  const sign = (key: string) => signMediaUrl({ key, secret, baseUrl });
  return {
    mockup({ designUuid, variant, garment, color }) {
      const urls = MOCKUP_WIDTHS.map((width) => ({
        width,
        url: sign(mockupKey({ designUuid, variant, garment, color, width })),
      }));
      return {
        src: urls.find((entry) => entry.width === DEFAULT_MOCKUP_WIDTH)?.url ?? "",
        srcSet: urls.map((entry) => `${entry.url} ${entry.width}w`).join(", "),
        width: DEFAULT_MOCKUP_WIDTH,
        height: DEFAULT_MOCKUP_WIDTH,
      };
    },
    watermarkedUrl({ designUuid, garment, color }) {
      return sign(mockupKey({ designUuid, variant: "watermarked", garment, color, width: DEFAULT_MOCKUP_WIDTH }));
    },
    picture(preset, id) {
      const { widths, aspect } = PRESET_WIDTHS[preset];
      const urls = widths.map((width) => ({ width, url: sign(imageRenditionKey(preset, id, width)) }));
      const middle = urls[1] ?? urls[0];
      return {
        src: middle?.url ?? "",
        srcSet: urls.map((entry) => `${entry.url} ${entry.width}w`).join(", "),
        width: middle?.width ?? 0,
        height: Math.round((middle?.width ?? 0) / aspect),
      };
    },
  };
}
