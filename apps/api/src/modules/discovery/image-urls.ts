import type { ProductColor } from "@threadfolk/contract/colors";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import {
  DEFAULT_MOCKUP_WIDTH,
  type Garment,
  IMAGE_PRESETS,
  type ImagePreset,
  imageRenditionKey,
  MOCKUP_WIDTHS,
  type MockupVariant,
  mockupKey,
} from "../media/media-keys.ts";
import { getMediaUrlSecret, signMediaUrl } from "../media/media-urls.ts";

/** The only place the discovery and search modules build media URLs (keys and signing come from the media module). */

/** What an <img> needs: fallback src, srcset of every width and the intrinsic size (no layout shift). */
export type ImageSource = { src: string; srcSet: string; width: number; height: number };

/** Which drawn garment pictures a garment style; hoodies and tank tops show on the tee until drawn. */
export function garmentForStyle(garmentStyleKey: string): Garment {
  if (garmentStyleKey === "womens_tee") return "womens-tee";
  if (garmentStyleKey === "long_sleeve") return "long-sleeve";
  return "tee";
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
      const { widths, aspect } = IMAGE_PRESETS[preset];
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
