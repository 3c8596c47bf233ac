import { z } from "zod";

/**
 * The one builder every string schema of the contract starts from. The limits themselves are in limits.ts
 * (no zod there, so the web app's first load can use them); decision 016 explains the numbers.
 */

/** Postgres refuses U+0000 in text; rejected here so that it never reaches a query. */
const NUL = "\u0000";

/**
 * A UTF-16 surrogate standing alone (not half of a pair): JSON escapes (`"\\ud800"`) can carry one, but it is
 * no Unicode character, so it has no UTF-8 form; PostgreSQL refuses it in `jsonb` and a driver would silently
 * turn it into U+FFFD in `text`. With the `u` flag a well-formed pair is one code point and never matches.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

export type TextSchemaOptions = {
  /** Longest accepted value, in characters (after trimming when `trim` is set). */
  maxLength: number;
  /** How the messages name the field ("query"); messages say "must be ..." without it. */
  label?: string;
  /** Message when the value is missing or not a string. */
  error?: string;
  /** Message when the value is longer than maxLength. */
  tooLong?: string;
  /** Trim surrounding white space before any check. */
  trim?: boolean;
};

/**
 * A string with a maximum length, without NUL characters and without lone surrogates: every string the
 * contract accepts starts here (chain `.min`, `.regex`, `.pipe` on the result), so no input of unbounded size
 * or that the database cannot store passes the edge (a 422, never a failed query).
 */
export function textSchema(options: TextSchemaOptions) {
  const { maxLength, label, trim = false } = options;
  const prefix = label ? `${label} ` : "";
  const base = z.string(options.error ? { error: options.error } : undefined);
  return (trim ? base.trim() : base)
    .max(maxLength, options.tooLong ?? `${prefix}must be at most ${maxLength} characters`)
    .refine((value) => !value.includes(NUL), `${prefix}must not contain NUL characters`)
    .refine((value) => !LONE_SURROGATE.test(value), `${prefix}must be valid Unicode text`);
}
