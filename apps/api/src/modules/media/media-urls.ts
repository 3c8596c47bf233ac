import { createHmac, timingSafeEqual } from "node:crypto";
import { PRODUCT_COLORS, type ProductColor } from "@threadfolk/contract/colors";
import { LRUCache } from "lru-cache";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { getAppSecret } from "../../lib/app-secrets.ts";
import type { CleanImageGrant, CleanUploadGrant } from "./clean-image-grants.ts";
import {
  DEFAULT_GARMENT,
  DEFAULT_MOCKUP_WIDTH,
  type Garment,
  IMAGE_PRESETS,
  type ImagePreset,
  imageRenditionKey,
  isCleanMediaKey,
  MOCKUP_WIDTHS,
  type MockupWidth,
  mockupKey,
} from "./media-keys.ts";

/**
 * Signed, expiring media URLs: `/media/{key}?exp={unixSeconds}&sig={hmac}` (plus `&v={version}` when a
 * caller versions an object that can be replaced). The expiry is bucketed: a URL lives at least
 * MIN_LIFETIME and its `exp` is rounded up to a day boundary, so one image keeps one URL for a day and
 * browsers and CDNs can cache it as immutable.
 *
 * Clean design images (the artwork and the plain mockups, `isCleanMediaKey`) are signed with a key of their
 * own, derived from the media secret, and only through `signCleanMediaUrl`, which takes a grant that an
 * authorised code path mints (clean-image-grants.ts). A public signature never verifies for a clean key, so
 * editing a watermarked URL into a clean one, or signing a clean key the public way, is refused (decision 021).
 */

export const MEDIA_URL_MIN_LIFETIME_SECONDS = 7 * 24 * 3600;
const MEDIA_URL_BUCKET_SECONDS = 24 * 3600;
/** Clean images are for one person's screen or one production run: a leaked link soon stops working. */
export const CLEAN_MEDIA_URL_MIN_LIFETIME_SECONDS = 3600;
const CLEAN_MEDIA_URL_BUCKET_SECONDS = 3600;

const MEDIA_URL_SECRET = { label: "threadfolk media urls v1", settingKey: "media_url_secret" };

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
  return getAppSecret({ db, config, purpose: MEDIA_URL_SECRET });
}

function bucketedExpiry(nowMs: number, lifetimeSeconds: number, bucketSeconds: number): number {
  const earliest = Math.floor(nowMs / 1000) + lifetimeSeconds;
  return Math.ceil(earliest / bucketSeconds) * bucketSeconds;
}

/** The expiry for a public URL made at `nowMs`: at least the minimum lifetime, rounded up to the next bucket. */
export function mediaUrlExpiry(nowMs: number = Date.now()): number {
  return bucketedExpiry(nowMs, MEDIA_URL_MIN_LIFETIME_SECONDS, MEDIA_URL_BUCKET_SECONDS);
}

/** The expiry for a clean image's URL: at least an hour, rounded up to the next hour. */
export function cleanMediaUrlExpiry(nowMs: number = Date.now()): number {
  return bucketedExpiry(nowMs, CLEAN_MEDIA_URL_MIN_LIFETIME_SECONDS, CLEAN_MEDIA_URL_BUCKET_SECONDS);
}

/** HMAC-SHA256 over key, expiry and optional version, base64url. */
/**
 * Signatures already computed, per secret. Expiries are bucketed, so a page view, a cart or a search signs the
 * same few thousand URLs again and again within a bucket; the HMAC is computed once per URL and bucket. Each
 * secret's memory is bounded, the least recently used forgotten first (an old bucket's are not used again).
 */
const rememberedSignatures = new WeakMap<Buffer, LRUCache<string, string>>();
const MAX_REMEMBERED_SIGNATURES = 50_000;

export function mediaSignature(secret: Buffer, key: string, exp: number, version = ""): string {
  const message = `${key}\n${exp}\n${version}`;
  let remembered = rememberedSignatures.get(secret);
  if (!remembered) {
    remembered = new LRUCache({ max: MAX_REMEMBERED_SIGNATURES });
    rememberedSignatures.set(secret, remembered);
  }
  const known = remembered.get(message);
  if (known !== undefined) return known;
  const signature = createHmac("sha256", secret).update(message).digest("base64url");
  remembered.set(message, signature);
  return signature;
}

const cleanSigningKeys = new WeakMap<Buffer, Buffer>();

/** The key clean images are signed with: one purpose's derivation of the media secret. */
function cleanSigningKey(secret: Buffer): Buffer {
  let key = cleanSigningKeys.get(secret);
  if (!key) {
    key = createHmac("sha256", secret).update("threadfolk clean design images v1").digest();
    cleanSigningKeys.set(secret, key);
  }
  return key;
}

/** The key a media key's signature must have been made with: the key decides, not anything in the URL. */
function signingKeyFor(secret: Buffer, key: string): Buffer {
  return isCleanMediaKey(key) ? cleanSigningKey(secret) : secret;
}

const SAFE_KEY = /^[a-z0-9/_.-]+$/;

function formatMediaUrl(options: {
  key: string;
  exp: number;
  signature: string;
  baseUrl: string;
  version: string | undefined;
}): string {
  const { key, exp, signature, baseUrl, version } = options;
  const path = SAFE_KEY.test(key) ? key : key.split("/").map(encodeURIComponent).join("/");
  return `${baseUrl}/media/${path}?exp=${exp}&sig=${signature}${version ? `&v=${encodeURIComponent(version)}` : ""}`;
}

export type SignMediaUrlOptions = {
  key: string;
  secret: Buffer;
  /** Prefix such as PUBLIC_URL for absolute URLs (Open Graph images); relative by default. */
  baseUrl?: string;
  /** Changes the URL when an object under the same key is replaced (e.g. a new artwork upload). */
  version?: string;
  now?: number;
};

/** A signed `/media/...` URL for one public storage key; a clean design image needs `signCleanMediaUrl`. */
export function signMediaUrl({ key, secret, baseUrl = "", version, now }: SignMediaUrlOptions): string {
  if (isCleanMediaKey(key)) {
    throw new Error(`${key} is a clean design image: only signCleanMediaUrl, with a grant, signs it`);
  }
  const exp = mediaUrlExpiry(now);
  return formatMediaUrl({ key, exp, signature: mediaSignature(secret, key, exp, version), baseUrl, version });
}

/**
 * A signed URL of a clean image (artwork or plain mockup) of the design the grant was minted for: signed with
 * the clean images' own key, living about an hour, served `Cache-Control: private`.
 */
export function signCleanMediaUrl({
  grant,
  key,
  secret,
  baseUrl = "",
  version,
  now,
}: SignMediaUrlOptions & { grant: CleanImageGrant }): string {
  if (!isCleanMediaKey(key) || !key.startsWith(`designs/${grant.designUuid}/`)) {
    throw new Error(`${key} is not a clean image of design ${grant.designUuid}`);
  }
  const exp = cleanMediaUrlExpiry(now);
  const signature = mediaSignature(cleanSigningKey(secret), key, exp, version);
  return formatMediaUrl({ key, exp, signature, baseUrl, version });
}

/** A signed URL of an upload's clean picture (`uploads/{id}/...`) for its owner: like signCleanMediaUrl. */
export function signCleanUploadUrl({
  grant,
  key,
  secret,
  baseUrl = "",
  version,
  now,
}: SignMediaUrlOptions & { grant: CleanUploadGrant }): string {
  if (!key.startsWith(`uploads/${grant.uploadId}/`))
    throw new Error(`${key} is not a picture of upload ${grant.uploadId}`);
  const exp = cleanMediaUrlExpiry(now);
  const signature = mediaSignature(cleanSigningKey(secret), key, exp, version);
  return formatMediaUrl({ key, exp, signature, baseUrl, version });
}

export type MediaSignatureCheck = "valid" | "missing" | "expired" | "invalid";

/**
 * Checks a request's exp and sig against its key (with the clean images' key when the key is clean);
 * constant-time comparison.
 */
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
  const expected = Buffer.from(mediaSignature(signingKeyFor(secret, key), key, Number(exp), options.version ?? ""));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  if (Number(exp) * 1000 <= (options.now ?? Date.now())) return "expired";
  return "valid";
}

/** What an <img> needs: a fallback src, a srcset of every width, and the intrinsic size so nothing jumps. */
export type ImageSource = { src: string; srcSet: string; width: number; height: number };

/** A design's images in each colour (camelCase-free colour keys, as stored). */
export type DesignImageUrls = Partial<Record<ProductColor, ImageSource>>;

// A design's URLs stay the same for a whole day (bucketed expiry) and a page of cards asks for hundreds, so
// finished image sources are memoised per secret, the least recently used forgotten first past the bound.
const sourceCaches = new WeakMap<Buffer, LRUCache<string, ImageSource>>();
const SOURCE_CACHE_LIMIT = 20_000;

function sourceCacheFor(secret: Buffer): LRUCache<string, ImageSource> {
  let cache = sourceCaches.get(secret);
  if (!cache) {
    cache = new LRUCache({ max: SOURCE_CACHE_LIMIT });
    sourceCaches.set(secret, cache);
  }
  return cache;
}

/** An image at every mockup width: the default width as `src`, all of them as `srcset`. */
function mockupSource(sign: (width: MockupWidth) => string): ImageSource {
  const urls = MOCKUP_WIDTHS.map((width) => ({ width, url: sign(width) }));
  return {
    src: urls.find((entry) => entry.width === DEFAULT_MOCKUP_WIDTH)?.url ?? (urls[0]?.url as string),
    srcSet: urls.map((entry) => `${entry.url} ${entry.width}w`).join(", "),
    width: DEFAULT_MOCKUP_WIDTH,
    height: DEFAULT_MOCKUP_WIDTH,
  };
}

/**
 * Signed watermarked mockup URLs of one design for the given colours (all 19 by default): what the public
 * sees (the spec's watermarked_signed_urls). The image sources are memoised and shared between calls: read
 * them, do not change them.
 */
export function buildWatermarkedImageUrls(options: {
  designUuid: string;
  secret: Buffer;
  colors?: readonly ProductColor[];
  garment?: Garment;
  baseUrl?: string;
  version?: string;
  now?: number;
}): DesignImageUrls {
  const { designUuid, secret, baseUrl, version, now } = options;
  const garment = options.garment ?? DEFAULT_GARMENT;
  const result: DesignImageUrls = {};
  const at = now ?? Date.now();
  const exp = mediaUrlExpiry(at);
  const cache = sourceCacheFor(secret);
  for (const color of options.colors ?? PRODUCT_COLORS) {
    const cacheKey = `${designUuid}/${garment}-${color}|${exp}|${version ?? ""}|${baseUrl ?? ""}`;
    let source = cache.get(cacheKey);
    if (!source) {
      source = mockupSource((width) =>
        signMediaUrl({
          key: mockupKey({ designUuid, variant: "watermarked", garment, color, width }),
          secret,
          baseUrl,
          version,
          now: at,
        }),
      );
      cache.set(cacheKey, source);
    }
    result[color] = source;
  }
  return result;
}

/**
 * Signed plain (un-watermarked) mockup URLs of the granted design, for the artist's own screens and for
 * production; never part of a public reply.
 */
export function buildCleanDesignImageUrls(options: {
  grant: CleanImageGrant;
  secret: Buffer;
  colors?: readonly ProductColor[];
  garment?: Garment;
  baseUrl?: string;
  version?: string;
  now?: number;
}): DesignImageUrls {
  const { grant, secret, baseUrl, version } = options;
  const garment = options.garment ?? DEFAULT_GARMENT;
  const now = options.now ?? Date.now();
  const result: DesignImageUrls = {};
  for (const color of options.colors ?? PRODUCT_COLORS) {
    result[color] = mockupSource((width) =>
      signCleanMediaUrl({
        grant,
        key: mockupKey({ designUuid: grant.designUuid, variant: "mockups", garment, color, width }),
        secret,
        baseUrl,
        version,
        now,
      }),
    );
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
