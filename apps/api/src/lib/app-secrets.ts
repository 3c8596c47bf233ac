import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { appSettings } from "../db/schema/settings.ts";

/**
 * A server-side key for one purpose (signing media URLs, deriving refresh-token successors). `label` names the
 * purpose in the derivation from SECRET_KEY; `settingKey` is the app_settings row that holds the random key
 * generated when SECRET_KEY is unset.
 */
export type AppSecretPurpose = { label: string; settingKey: string };

const storedSecrets = new WeakMap<Database, Map<string, Promise<Buffer>>>();

/**
 * Keys derived from SECRET_KEY, by SECRET_KEY and purpose. The same Buffer every time matters beyond the HMAC
 * saved: the media URL signatures and image sources are memoised per secret Buffer (media-urls.ts), so a
 * fresh Buffer per request made every request sign every URL again (decision 047).
 */
const derivedSecrets = new Map<string, Promise<Buffer>>();

async function loadStoredSecret(db: Database, settingKey: string): Promise<Buffer> {
  // Whoever inserts first wins; everyone then reads the same row, so all instances share one secret.
  await db
    .insert(appSettings)
    .values({ key: settingKey, value: randomBytes(32).toString("hex") })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, settingKey));
  if (typeof row?.value !== "string" || !/^[0-9a-f]{64}$/.test(row.value)) {
    throw new Error(`app_settings.${settingKey} is missing or malformed`);
  }
  return Buffer.from(row.value, "hex");
}

/**
 * The 32-byte key of one purpose: an HMAC of SECRET_KEY when it is set (nothing secret in the database),
 * otherwise a random key generated once in app_settings, so every instance on one database agrees.
 * Memoised per database.
 */
export function getAppSecret({
  db,
  config,
  purpose,
}: {
  db: Database;
  config: Pick<Config, "SECRET_KEY">;
  purpose: AppSecretPurpose;
}): Promise<Buffer> {
  if (config.SECRET_KEY) {
    const key = `${purpose.label}\u0000${config.SECRET_KEY}`;
    let derived = derivedSecrets.get(key);
    if (!derived) {
      derived = Promise.resolve(createHmac("sha256", config.SECRET_KEY).update(purpose.label).digest());
      derivedSecrets.set(key, derived);
    }
    return derived;
  }
  let byPurpose = storedSecrets.get(db);
  if (!byPurpose) {
    byPurpose = new Map();
    storedSecrets.set(db, byPurpose);
  }
  let secret = byPurpose.get(purpose.settingKey);
  if (!secret) {
    const loading = loadStoredSecret(db, purpose.settingKey);
    byPurpose.set(purpose.settingKey, loading);
    loading.catch(() => byPurpose.delete(purpose.settingKey));
    secret = loading;
  }
  return secret;
}
