import { createHash } from "node:crypto";

/** Longest part of a key kept as it is; anything longer is replaced by its digest. */
export const MAX_KEY_PART_LENGTH = 64;

/**
 * A part of a storage key (a rate-limit counter's, a cache's) made from client input, bounded: short values
 * stay readable (an IP address, most e-mails), longer ones become their SHA-256, so no client can make a key
 * that overflows an index entry (about 2.7 KB in a btree) or a cache.
 */
export function boundKeyPart(value: string): string {
  if (value.length <= MAX_KEY_PART_LENGTH) return value;
  return `sha256:${createHash("sha256").update(value, "utf8").digest("hex")}`;
}
