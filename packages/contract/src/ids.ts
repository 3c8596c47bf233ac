import { z } from "zod";

/**
 * Public identifiers: designs, artists and orders are UUIDs (the spec's numeric ids stay numbers). The one
 * definition of what a UUID looks like, for the API, the web client and storage keys alike.
 */

/** A UUID in its canonical lowercase form, as regular expression source: for larger patterns (storage keys). */
export const UUID_SOURCE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** A whole string that is a UUID, in either case as a client may send it (lowercase it before use). */
export const UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`, "i");

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A UUID field of a request: checked, then lowercased; `name` is the field named in the message. */
export const uuidSchema = (name: string) =>
  z
    .string({ error: `${name} must be a uuid` })
    .regex(UUID_PATTERN, `${name} must be a uuid`)
    .transform((value) => value.toLowerCase());
