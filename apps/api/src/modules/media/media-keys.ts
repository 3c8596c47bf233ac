import { isProductColor, type ProductColor } from "@threadfolk/contract/colors";
import { UUID_SOURCE } from "@threadfolk/contract/ids";

/**
 * Storage key conventions. Sources are uploaded by other modules; renditions are derived from them on
 * demand (the media route renders an absent rendition, stores it and serves it):
 *
 *   designs/{designUuid}/artwork.png                                    source: transparent artwork
 *   designs/{designUuid}/artworks/{sha256}.png                          each artwork kept for printing (067)
 *   designs/{designUuid}/mockups/{garment}-{color}-{width}.webp         artwork on the garment colour
 *   designs/{designUuid}/watermarked/{garment}-{color}-{width}.webp     the same with the brand watermark
 *   artists/{artistUuid}/avatar.png  ->  artists/{artistUuid}/avatar-{width}.webp   (square crop)
 *   artists/{artistUuid}/banner.png  ->  artists/{artistUuid}/banner-{width}.webp   (4:1 crop)
 *   carousels/{assetId}.png          ->  carousels/{assetId}-{width}.webp            (1152:300 crop)
 *   carousels/phone/{assetId}.png    ->  carousels/phone/{assetId}-{width}.webp      (3:2, the phone rendition;
 *                                        without its own source, the desktop slide letterboxed, decision 044)
 *
 * Widths come from small allow-lists so nobody can make the server render arbitrary sizes.
 *
 * A mockup is stored under its key with the pipeline's render version (`mockupStorageKey`):
 * `designs/{uuid}/{variant}/r{MOCKUP_RENDER_VERSION}/{garment}-{color}-{width}.webp`. The URL keeps the key
 * above; a data directory rendered by an older pipeline (unversioned or an older `r{n}`) is simply not found
 * and the rendition is rendered again (decision 043).
 *
 * A design's artwork and its plain mockups are clean images: only the watermarked renditions are public
 * (`isCleanMediaKey`, decision 021).
 */

/**
 * Garment pictures we draw (garment-art.ts): `tee` the unisex (men's) t-shirt, `womens-tee` the fitted cut,
 * `long-sleeve` a long-sleeved tee, `hoodie` a pullover hoodie, `tank-top` a sleeveless tank.
 */
export const GARMENTS = ["tee", "womens-tee", "long-sleeve", "hoodie", "tank-top"] as const;
export type Garment = (typeof GARMENTS)[number];
export const DEFAULT_GARMENT: Garment = "tee";

/** Mockup widths for srcset; mockups are square. */
export const MOCKUP_WIDTHS = [320, 640, 1024] as const;
export type MockupWidth = (typeof MOCKUP_WIDTHS)[number];
/** The width used as `src` when a browser ignores srcset. */
export const DEFAULT_MOCKUP_WIDTH: MockupWidth = 640;

const MOCKUP_VARIANTS = ["mockups", "watermarked"] as const;
export type MockupVariant = (typeof MOCKUP_VARIANTS)[number];

/** Resized renditions of uploaded pictures: allowed widths and the aspect ratio (width / height) they are cropped to. */
export const IMAGE_PRESETS = {
  avatar: { widths: [64, 128, 256], aspect: 1 },
  banner: { widths: [640, 1280, 1920], aspect: 4 },
  carousel: { widths: [576, 1152, 2304], aspect: 1152 / 300 },
  /** A slide's phone rendition: taller, with its own larger lettering (decision 044); 390 px is a phone's width. */
  carouselPhone: { widths: [390, 780, 1170], aspect: 3 / 2 },
} as const;
export type ImagePreset = keyof typeof IMAGE_PRESETS;

/** Keys are lower-case path segments of safe characters; no empty, dot or dot-dot segments. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

export function isValidMediaKey(key: string): boolean {
  return key.length <= 300 && KEY_PATTERN.test(key) && !key.split("/").some((segment) => segment.startsWith(".."));
}

const WATERMARKED_PREFIX = new RegExp(`^designs/${UUID_SOURCE}/watermarked/`);

/**
 * Whether a key names a clean design image (the artwork or a plain mockup): everything under `designs/`
 * except the watermarked renditions, so a key kind added later is clean until someone decides otherwise.
 * An upload's normalised picture (`uploads/{id}/source.png`, decision 036) is clean too: its owner's only.
 * Clean keys are signed with their own key and only for an authorised purpose (media-urls.ts).
 */
export function isCleanMediaKey(key: string): boolean {
  return (key.startsWith("designs/") && !WATERMARKED_PREFIX.test(key)) || key.startsWith("uploads/");
}

/** A design's current artwork: replaced when the artist uploads another (mockups are drawn from it). */
export function artworkKey(designUuid: string): string {
  return `designs/${designUuid}/artwork.png`;
}

/**
 * One artwork of a design under the SHA-256 of its bytes (hex): never replaced, so the artwork version that
 * names it (`design_artwork_versions`, decision 067) can always be printed. Clean, and never a rendition.
 */
export function versionedArtworkKey(designUuid: string, sha256: string): string {
  return `designs/${designUuid}/artworks/${sha256}.png`;
}

export type MockupSpec = {
  designUuid: string;
  variant: MockupVariant;
  garment: Garment;
  color: ProductColor;
  width: MockupWidth;
};

export function mockupKey(spec: MockupSpec): string {
  return `designs/${spec.designUuid}/${spec.variant}/${spec.garment}-${spec.color}-${spec.width}.webp`;
}

/**
 * The mockup pipeline's render version: bump it whenever what a mockup looks like changes (garment drawings,
 * how the artwork is fitted, the watermark), so renditions stored by an older pipeline are rendered again
 * instead of served. Version 1 stored mockups without a version; 2 fits the artwork by its real bounds and
 * uses the single-mark watermark (decision 043); 3 has the redrawn garments and the print's drape (042).
 */
export const MOCKUP_RENDER_VERSION = 3;

/** Where a mockup is stored: its key with the render version as a folder before the file name. */
export function mockupStorageKey(spec: MockupSpec): string {
  return `designs/${spec.designUuid}/${spec.variant}/r${MOCKUP_RENDER_VERSION}/${spec.garment}-${spec.color}-${spec.width}.webp`;
}

/** Where a preset's source picture is stored (the seed and uploads put it there). */
export function imageSourceKey(preset: ImagePreset, id: string): string {
  if (preset === "carousel") return `carousels/${id}.png`;
  if (preset === "carouselPhone") return `carousels/phone/${id}.png`;
  return `artists/${id}/${preset}.png`;
}

export function imageRenditionKey(preset: ImagePreset, id: string, width: number): string {
  if (preset === "carousel") return `carousels/${id}-${width}.webp`;
  if (preset === "carouselPhone") return `carousels/phone/${id}-${width}.webp`;
  return `artists/${id}/${preset}-${width}.webp`;
}

/** What a derived key is made from; undefined for keys that are not renditions (sources, unknown keys). */
export type Rendition =
  | ({ kind: "mockup"; sourceKey: string } & MockupSpec)
  | {
      kind: "image";
      preset: ImagePreset;
      id: string;
      width: number;
      sourceKey: string;
      /** Rendered from instead when `sourceKey` is absent (a slide stored before phone renditions existed). */
      fallbackSourceKey?: string;
    };

const MOCKUP_KEY = new RegExp(
  `^designs/(${UUID_SOURCE})/(mockups|watermarked)/(${GARMENTS.join("|")})-([a-z_]+)-(\\d+)\\.webp$`,
);
const ARTIST_IMAGE_KEY = new RegExp(`^artists/(${UUID_SOURCE})/(avatar|banner)-(\\d+)\\.webp$`);
const CAROUSEL_KEY = /^carousels\/([a-z0-9][a-z0-9_-]{0,99})-(\d+)\.webp$/;
const CAROUSEL_PHONE_KEY = /^carousels\/phone\/([a-z0-9][a-z0-9_-]{0,99})-(\d+)\.webp$/;

function isAllowedWidth(widths: readonly number[], width: number): boolean {
  return widths.includes(width);
}

/** Where the object of a media key is stored: a mockup under its render version, anything else as named. */
export function storageKeyOf(key: string): string {
  const rendition = parseRenditionKey(key);
  return rendition?.kind === "mockup" ? mockupStorageKey(rendition) : key;
}

/** Parses a rendition key, accepting only known garments, colours and allow-listed widths. */
export function parseRenditionKey(key: string): Rendition | undefined {
  const mockup = MOCKUP_KEY.exec(key);
  if (mockup) {
    const [, designUuid, variant, garment, color, width] = mockup as unknown as [
      string,
      string,
      MockupVariant,
      Garment,
      string,
      string,
    ];
    const pixels = Number(width);
    if (!isProductColor(color) || !isAllowedWidth(MOCKUP_WIDTHS, pixels)) return undefined;
    return {
      kind: "mockup",
      designUuid,
      variant,
      garment,
      color,
      width: pixels as MockupWidth,
      sourceKey: artworkKey(designUuid),
    };
  }
  const artist = ARTIST_IMAGE_KEY.exec(key);
  if (artist) {
    const [, id, preset, width] = artist as unknown as [string, string, "avatar" | "banner", string];
    const pixels = Number(width);
    if (!isAllowedWidth(IMAGE_PRESETS[preset].widths, pixels)) return undefined;
    return { kind: "image", preset, id, width: pixels, sourceKey: imageSourceKey(preset, id) };
  }
  const carousel = CAROUSEL_KEY.exec(key);
  if (carousel) {
    const [, id, width] = carousel as unknown as [string, string, string];
    const pixels = Number(width);
    if (!isAllowedWidth(IMAGE_PRESETS.carousel.widths, pixels)) return undefined;
    return { kind: "image", preset: "carousel", id, width: pixels, sourceKey: imageSourceKey("carousel", id) };
  }
  const phone = CAROUSEL_PHONE_KEY.exec(key);
  if (phone) {
    const [, id, width] = phone as unknown as [string, string, string];
    const pixels = Number(width);
    if (!isAllowedWidth(IMAGE_PRESETS.carouselPhone.widths, pixels)) return undefined;
    return {
      kind: "image",
      preset: "carouselPhone",
      id,
      width: pixels,
      sourceKey: imageSourceKey("carouselPhone", id),
      fallbackSourceKey: imageSourceKey("carousel", id),
    };
  }
  return undefined;
}
