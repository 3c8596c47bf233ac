import { z } from "zod";

/**
 * The one builder every string schema of the contract starts from. The limits themselves are in limits.ts
 * (no zod there, so the web app's first load can use them); decision 016 explains the numbers.
 */

/** Postgres refuses U+0000 in text; rejected here so that it never reaches a query. */
const NUL = "\u0000";

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
 * A string with a maximum length and without NUL characters: every string the contract accepts starts here
 * (chain `.min`, `.regex`, `.pipe` on the result), so no input of unbounded size or that the database
 * cannot store passes the edge.
 */
export function textSchema(options: TextSchemaOptions) {
  const { maxLength, label, trim = false } = options;
  const prefix = label ? `${label} ` : "";
  const base = z.string(options.error ? { error: options.error } : undefined);
  return (trim ? base.trim() : base)
    .max(maxLength, options.tooLong ?? `${prefix}must be at most ${maxLength} characters`)
    .refine((value) => !value.includes(NUL), `${prefix}must not contain NUL characters`);
}
