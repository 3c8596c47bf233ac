import type { ProductColor } from "@threadfolk/contract/colors";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import {
  DEFAULT_GARMENT,
  DEFAULT_MOCKUP_WIDTH,
  type Garment,
  type ImagePreset,
  mockupKey,
} from "../media/media-keys.ts";
import {
  buildImageUrls,
  buildWatermarkedImageUrls,
  getMediaUrlSecret,
  type ImageSource,
  signMediaUrl,
} from "../media/media-urls.ts";

/**
 * The only place the discovery and search modules build media URLs (keys and signing come from the media
 * module). Their replies are public, so a design only ever shows its watermarked mockups (decision 021).
 */

export type { ImageSource };

const GARMENT_BY_STYLE = new Map<string, Garment>([
  ["mens_tee", "tee"],
  ["womens_tee", "womens-tee"],
  ["long_sleeve", "long-sleeve"],
  ["hoodie", "hoodie"],
  ["tank_top", "tank-top"],
]);

/** Which drawn garment pictures a garment style; a style we have not drawn shows on the unisex tee. */
export function garmentForStyle(garmentStyleKey: string): Garment {
  return GARMENT_BY_STYLE.get(garmentStyleKey) ?? DEFAULT_GARMENT;
}

/** Signs URLs for one request; fetch the secret once per request with `createImageUrlSigner`. */
export type ImageUrlSigner = {
  /** One watermarked mockup image (all widths) of a design in a colour. */
  watermarkedMockup(options: { designUuid: string; garment: Garment; color: ProductColor }): ImageSource;
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
  return {
    watermarkedMockup({ designUuid, garment, color }) {
      const source = buildWatermarkedImageUrls({ designUuid, secret, colors: [color], garment, baseUrl })[color];
      if (!source) throw new Error(`no watermarked image for ${designUuid} in ${color}`);
      return source;
    },
    watermarkedUrl({ designUuid, garment, color }) {
      const key = mockupKey({ designUuid, variant: "watermarked", garment, color, width: DEFAULT_MOCKUP_WIDTH });
      return signMediaUrl({ key, secret, baseUrl });
    },
    picture(preset, id) {
      return buildImageUrls({ preset, id, secret, baseUrl });
    },
  };
}
