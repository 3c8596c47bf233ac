import { createCipheriv, createDecipheriv, randomBytes, randomInt } from "node:crypto";
import { RECOVERY_CODE_COUNT } from "@threadfolk/contract/operators";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { getAppSecret } from "../../lib/app-secrets.ts";
import { hashToken } from "../auth/token-crypto.ts";

/**
 * The operators' second factor (issue 28, decision 071): TOTP (RFC 6238: SHA-1, 6 digits, 30 s) through otplib,
 * its secret encrypted at rest, and single-use recovery codes kept only as hashes.
 */

/** The key the TOTP secrets are encrypted with: derived from SECRET_KEY (app-secrets.ts), never stored beside them when it is set. */
const TOTP_KEY = { label: "operator-totp-secrets", settingKey: "operator_totp_key" };
const CIPHER = "aes-256-gcm";
const VERSION = "v1";

/** A new TOTP secret: 20 random bytes in base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** `v1:<iv>:<tag>:<ciphertext>` (base64url), AES-256-GCM bound to the operator by its id (additional data). */
export async function encryptTotpSecret(options: {
  db: Database;
  config: Pick<Config, "SECRET_KEY">;
  operatorId: string;
  secret: string;
}): Promise<string> {
  const key = await getAppSecret({ db: options.db, config: options.config, purpose: TOTP_KEY });
  const iv = randomBytes(12);
  const cipher = createCipheriv(CIPHER, key, iv);
  cipher.setAAD(Buffer.from(options.operatorId, "utf8"));
  const encrypted = Buffer.concat([cipher.update(options.secret, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), encrypted]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(":");
}

export async function decryptTotpSecret(options: {
  db: Database;
  config: Pick<Config, "SECRET_KEY">;
  operatorId: string;
  encrypted: string;
}): Promise<string> {
  const [version, iv, tag, data] = options.encrypted.split(":");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("unreadable TOTP secret");
  const key = await getAppSecret({ db: options.db, config: options.config, purpose: TOTP_KEY });
  const decipher = createDecipheriv(CIPHER, key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(options.operatorId, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** The otpauth:// URI an authenticator app scans, and the same as an SVG QR code (a data URL). */
export async function totpEnrolment(options: { issuer: string; email: string; secret: string }) {
  const otpauthUri = generateURI({ issuer: options.issuer, label: options.email, secret: options.secret });
  const svg = await QRCode.toString(otpauthUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}` };
}

/**
 * The time step of a valid code (the current one, or one step either way for clocks that drift), or undefined.
 * A step at or before `afterStep` is refused: a code is good once.
 */
export async function checkTotpCode(options: {
  secret: string;
  code: string;
  afterStep: number | null;
}): Promise<number | undefined> {
  const code = options.code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret: options.secret,
    token: code,
    epochTolerance: 30,
    ...(options.afterStep === null ? {} : { afterTimeStep: options.afterStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : undefined;
}

/** Recovery codes use letters and digits that cannot be mistaken for each other. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten new recovery codes, `xxxx-xxxx-xxxx` (about 59 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 3 }, () =>
      Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(""),
    ).join("-"),
  );
}

/** A recovery code as typed (any case, spaces, with or without dashes) to the form that is hashed. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, "");
}

/** The SHA-256 a recovery code is stored as (the codes are random enough that a fast hash is enough). */
export function hashRecoveryCode(code: string): string {
  return hashToken(`operator-recovery:${normalizeRecoveryCode(code)}`);
}

/** True when the text looks like a TOTP code rather than a recovery code. */
export function isTotpShaped(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ""));
}
