import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { type AppSecretPurpose, getAppSecret } from "../../lib/app-secrets.ts";

/**
 * Links a print provider fetches an order's print files and packing slip from (issue 27): signed, long-lived
 * (PRINT_FILE_URL_DAYS: past a provider's reprint and return windows), one key each. The HMAC covers the key
 * and the expiry, so a link cannot be moved to another file or kept alive; nothing else is public about them.
 */

export const PRINT_FILE_URL_PATH = "/api/v1/print_files";
/** How long a link stays valid. */
export const PRINT_FILE_URL_DAYS = 60;

const PRINT_FILE_SECRET: AppSecretPurpose = { label: "threadfolk print file links v1", settingKey: "print_file_key" };

export function getPrintFileSecret({ db, config }: { db: Database; config: Pick<Config, "SECRET_KEY"> }) {
  return getAppSecret({ db, config, purpose: PRINT_FILE_SECRET });
}

/**
 * Print files and packing slips live under `print-files/{order id}/{file name}` only: a link never reaches any
 * other stored object. The link's path is `/api/v1/print_files/{order id}/{file name}`.
 */
export const PRINT_FILE_KEY = /^print-files\/([0-9a-f-]{36})\/([A-Za-z0-9_-][A-Za-z0-9._-]{0,150})$/;

/** The stored key of a link's path parts, or undefined when they name no print file. */
export function printFileKey(orderId: string, fileName: string): string | undefined {
  const key = `print-files/${orderId}/${fileName}`;
  return PRINT_FILE_KEY.test(key) && !fileName.includes("..") ? key : undefined;
}

function sign(secret: Buffer, key: string, expires: number): string {
  return createHmac("sha256", secret).update(`print-file:${key}:${expires}`).digest("base64url");
}

/** The absolute signed link of stored object `key`. */
export function signPrintFileUrl(options: {
  config: Pick<Config, "PUBLIC_URL">;
  secret: Buffer;
  key: string;
  now?: Date;
}): string {
  const { config, secret, key } = options;
  const expires = Math.floor((options.now ?? new Date()).getTime() / 1000) + PRINT_FILE_URL_DAYS * 24 * 3600;
  const match = PRINT_FILE_KEY.exec(key);
  if (!match) throw new Error(`${key} is not a print file`);
  return `${config.PUBLIC_URL}${PRINT_FILE_URL_PATH}/${match[1]}/${match[2]}?expires=${expires}&signature=${sign(secret, key, expires)}`;
}

/**
 * The stored key a link names when its signature holds and it has not expired; undefined otherwise (forged,
 * expired, another prefix, not a link of ours).
 */
export function verifyPrintFileLink(options: {
  secret: Buffer;
  key: string;
  expires: string | undefined;
  signature: string | undefined;
  now?: Date;
}): string | undefined {
  const { secret, key, expires, signature } = options;
  if (!PRINT_FILE_KEY.test(key) || key.includes("..")) return undefined;
  if (!expires || !/^\d{1,12}$/.test(expires) || typeof signature !== "string") return undefined;
  if (Number(expires) * 1000 < (options.now ?? new Date()).getTime()) return undefined;
  const expected = Buffer.from(sign(secret, key, Number(expires)));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? key : undefined;
}

/** Reads a signed link of ours back to its stored key (the local print shop fetches files this way, in process). */
export function keyOfPrintFileUrl(options: { secret: Buffer; url: string; now?: Date }): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(options.url);
  } catch {
    return undefined;
  }
  const prefix = `${PRINT_FILE_URL_PATH}/`;
  if (!parsed.pathname.startsWith(prefix)) return undefined;
  const [orderId, fileName, ...rest] = parsed.pathname.slice(prefix.length).split("/");
  const key = orderId && fileName && rest.length === 0 ? printFileKey(orderId, fileName) : undefined;
  if (!key) return undefined;
  return verifyPrintFileLink({
    secret: options.secret,
    key,
    expires: parsed.searchParams.get("expires") ?? undefined,
    signature: parsed.searchParams.get("signature") ?? undefined,
    ...(options.now ? { now: options.now } : {}),
  });
}
