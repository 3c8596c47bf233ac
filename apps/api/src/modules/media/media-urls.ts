import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { PRODUCT_COLORS, type ProductColor } from "@threadfolk/contract/colors";
import { eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { appSettings } from "../../db/schema/settings.ts";
import {
  DEFAULT_GARMENT,
  DEFAULT_MOCKUP_WIDTH,
  type Garment,
  IMAGE_PRESETS,
  type ImagePreset,
  imageRenditionKey,
  MOCKUP_WIDTHS,
  type MockupVariant,
  mockupKey,
} from "./media-keys.ts";

/**
 * Signed, expiring media URLs: `/media/{key}?exp={unixSeconds}&sig={hmac}` (plus `&v={version}` when a
 * caller versions an object that can be replaced). The expiry is bucketed: a URL lives at least
 * MIN_LIFETIME and its `exp` is rounded up to a day boundary, so one image keeps one URL for a day and
 * browsers and CDNs can cache it as immutable.
 */

export const MEDIA_URL_MIN_LIFETIME_SECONDS = 7 * 24 * 3600;
const MEDIA_URL_BUCKET_SECONDS = 24 * 3600;

const SETTING_KEY = "media_url_secret";
const secrets = new WeakMap<Database, Promise<Buffer>>();

async function loadStoredSecret(db: Database): Promise<Buffer> {
  // Whoever inserts first wins; everyone then reads the same row, so all instances share one secret.
  await db
    .insert(appSettings)
    .values({ key: SETTING_KEY, value: randomBytes(32).toString("hex") })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTING_KEY));
  if (typeof row?.value !== "string" || !/^[0-9a-f]{64}$/.test(row.value)) {
    throw new Error(`app_settings.${SETTING_KEY} is missing or malformed`);
  }
  return Buffer.from(row.value, "hex");
}

/**
 * The key that signs media URLs: derived from SECRET_KEY when set, otherwise a random secret generated once
 * and kept in app_settings, so every instance on one database signs alike. Memoised per database.
 */
export function getMediaUrlSecret({
  db,
  config,
}: {
  db: Database;
  config: Pick<Config, "SECRET_KEY">;
}): Promise<Buffer> {
  if (config.SECRET_KEY) {
    return Promise.resolve(createHmac("sha256", config.SECRET_KEY).update("threadfolk media urls v1").digest());
  }
  let secret = secrets.get(db);
  if (!secret) {
    secret = loadStoredSecret(db);
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

/** The expiry for a URL made at `nowMs`: at least the minimum lifetime, rounded up to the next bucket. */
export function mediaUrlExpiry(nowMs: number = Date.now()): number {
  const earliest = Math.floor(nowMs / 1000) + MEDIA_URL_MIN_LIFETIME_SECONDS;
  return Math.ceil(earliest / MEDIA_URL_BUCKET_SECONDS) * MEDIA_URL_BUCKET_SECONDS;
}

/** HMAC-SHA256 over key, expiry and optional version, base64url. */
export function mediaSignature(secret: Buffer, key: string, exp: number, version = ""): string {
  return createHmac("sha256", secret).update(`${key}\n${exp}\n${version}`).digest("base64url");
}

const SAFE_KEY = /^[a-z0-9/_.-]+$/;

export type SignMediaUrlOptions = {
  key: string;
  secret: Buffer;
  /** Prefix such as PUBLIC_URL for absolute URLs (Open Graph images); relative by default. */
  baseUrl?: string;
  /** Changes the URL when an object under the same key is replaced (e.g. a new artwork upload). */
  version?: string;
  now?: number;
};

/** A signed `/media/...` URL for one storage key. */
export function signMediaUrl({ key, secret, baseUrl = "", version, now }: SignMediaUrlOptions): string {
  const exp = mediaUrlExpiry(now);
  const signature = mediaSignature(secret, key, exp, version);
  const path = SAFE_KEY.test(key) ? key : key.split("/").map(encodeURIComponent).join("/");
  return `${baseUrl}/media/${path}?exp=${exp}&sig=${signature}${version ? `&v=${encodeURIComponent(version)}` : ""}`;
}

export type MediaSignatureCheck = "valid" | "missing" | "expired" | "invalid";

/** Checks a request's exp and sig against its key; constant-time comparison. */
export function verifyMediaSignature(options: {
  key: string;
  exp?: string;
  sig?: string;
  version?: string;
  secret: Buffer;
  now?: number;
}): MediaSignatureCheck {
  const { key, exp, sig, secret } = options;
  if (!exp || !sig) return "missing";
  if (!/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return "invalid";
  const expected = Buffer.from(mediaSignature(secret, key, Number(exp), options.version ?? ""));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  if (Number(exp) * 1000 <= (options.now ?? Date.now())) return "expired";
  return "valid";
}

/** What an <img> needs: a fallback src, a srcset of every width, and the intrinsic size so nothing jumps. */
export type ImageSource = { src: string; srcSet: string; width: number; height: number };

export type DesignImageUrls = {
  /** Plain mockups (the artist's own screens, orders). */
  mockups: Partial<Record<ProductColor, ImageSource>>;
  /** Watermarked mockups for public display (the spec's watermarked_signed_urls, keyed by colour). */
  watermarked: Partial<Record<ProductColor, ImageSource>>;
};

// A design's URLs stay the same for a whole day (bucketed expiry) and a page of cards asks for hundreds, so
// finished image sources are memoised per secret; the map is simply emptied when it grows too large.
const sourceCaches = new WeakMap<Buffer, Map<string, ImageSource>>();
const SOURCE_CACHE_LIMIT = 20_000;

function sourceCacheFor(secret: Buffer): Map<string, ImageSource> {
  let cache = sourceCaches.get(secret);
  if (!cache) {
    cache = new Map();
    sourceCaches.set(secret, cache);
  }
  if (cache.size >= SOURCE_CACHE_LIMIT) cache.clear();
  return cache;
}

/**
 * Signed mockup URLs of one design for the given colours (all 19 by default), both variants unless narrowed.
 * The image sources are memoised and shared between calls: read them, do not change them.
 */
export function buildDesignImageUrls(options: {
  designUuid: string;
  secret: Buffer;
  colors?: readonly ProductColor[];
  garment?: Garment;
  variants?: readonly MockupVariant[];
  baseUrl?: string;
  version?: string;
  now?: number;
}): DesignImageUrls {
  const { designUuid, secret, baseUrl, version, now } = options;
  const garment = options.garment ?? DEFAULT_GARMENT;
  const variants = options.variants ?? (["mockups", "watermarked"] as const);
  const result: DesignImageUrls = { mockups: {}, watermarked: {} };
  const at = now ?? Date.now();
  const exp = mediaUrlExpiry(at);
  const cache = sourceCacheFor(secret);
  for (const variant of variants) {
    for (const color of options.colors ?? PRODUCT_COLORS) {
      const cacheKey = `${designUuid}/${variant}/${garment}-${color}|${exp}|${version ?? ""}|${baseUrl ?? ""}`;
      let source = cache.get(cacheKey);
      if (!source) {
        const urls = MOCKUP_WIDTHS.map((width) => ({
          width,
          url: signMediaUrl({
            key: mockupKey({ designUuid, variant, garment, color, width }),
            secret,
            baseUrl,
            version,
            now: at,
          }),
        }));
        source = {
          src: urls.find((entry) => entry.width === DEFAULT_MOCKUP_WIDTH)?.url ?? (urls[0]?.url as string),
          srcSet: urls.map((entry) => `${entry.url} ${entry.width}w`).join(", "),
          width: DEFAULT_MOCKUP_WIDTH,
          height: DEFAULT_MOCKUP_WIDTH,
        };
        cache.set(cacheKey, source);
      }
      result[variant][color] = source;
    }
  }
  return result;
}

/**
 * Signed URLs of an avatar or banner (`id` = artist uuid) or a carousel slide (`id` = asset id), resized
 * from the uploaded PNG on first request. `src` is the middle width.
 */
export function buildImageUrls(options: {
  preset: ImagePreset;
  id: string;
  secret: Buffer;
  baseUrl?: string;
  version?: string;
  now?: number;
}): ImageSource {
  const { preset, id, secret, baseUrl, version, now } = options;
  const { widths, aspect } = IMAGE_PRESETS[preset];
  const urls = widths.map((width) => ({
    width,
    url: signMediaUrl({ key: imageRenditionKey(preset, id, width), secret, baseUrl, version, now }),
  }));
  const middle = urls[1] ?? (urls[0] as { width: number; url: string });
  return {
    src: middle.url,
    srcSet: urls.map((entry) => `${entry.url} ${entry.width}w`).join(", "),
    width: middle.width,
    height: Math.round(middle.width / aspect),
  };
}
