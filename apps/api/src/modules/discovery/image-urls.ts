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

/** A replaced object's `v`: none for the first version, so URLs of things never replaced stay as they were. */
function versionParam(version: number | undefined): string | undefined {
  return version === undefined || version <= 1 ? undefined : String(version);
}

/** Signs URLs for one request; fetch the secret once per request with `createImageUrlSigner`. */
export type ImageUrlSigner = {
  /**
   * One watermarked mockup image (all widths) of a design in a colour; `version` is the design's
   * `artwork_version` (the URLs' `v`, so a new artwork or placement gets new URLs).
   */
  watermarkedMockup(options: {
    designUuid: string;
    garment: Garment;
    color: ProductColor;
    version?: number;
  }): ImageSource;
  /** The card's single URL: the watermarked mockup at the card width. */
  watermarkedUrl(options: { designUuid: string; garment: Garment; color: ProductColor; version?: number }): string;
  /** An avatar or banner (id = artist uuid, version = its `images_version`) or a carousel slide (id = asset id). */
  picture(preset: ImagePreset, id: string, version?: number): ImageSource;
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
    watermarkedMockup({ designUuid, garment, color, version }) {
      const source = buildWatermarkedImageUrls({
        designUuid,
        secret,
        colors: [color],
        garment,
        baseUrl,
        version: versionParam(version),
      })[color];
      if (!source) throw new Error(`no watermarked image for ${designUuid} in ${color}`);
      return source;
    },
    watermarkedUrl({ designUuid, garment, color, version }) {
      const key = mockupKey({ designUuid, variant: "watermarked", garment, color, width: DEFAULT_MOCKUP_WIDTH });
      return signMediaUrl({ key, secret, baseUrl, version: versionParam(version) });
    },
    picture(preset, id, version) {
      return buildImageUrls({ preset, id, secret, baseUrl, version: versionParam(version) });
    },
  };
}
