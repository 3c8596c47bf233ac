import { MAX_NESTING_DEPTH } from "./limits.ts";

/** Key case conversion between the wire (snake_case) and code (camelCase), applied in one place per side. */

type Json = unknown;

export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_match, character: string) => character.toUpperCase());
}

/**
 * Replies convert the same few hundred keys over and over (a cart of 5 lines converts about 250); remembered
 * conversions skip the regular expression. Bounded, since a reply may carry keys that come from data.
 */
const snakeKeys = new Map<string, string>();
const MAX_REMEMBERED_KEYS = 4096;

export function camelToSnake(key: string): string {
  const known = snakeKeys.get(key);
  if (known !== undefined) return known;
  const converted = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  if (snakeKeys.size < MAX_REMEMBERED_KEYS) snakeKeys.set(key, converted);
  return converted;
}

/** Plain records, including those made with a custom or null prototype (e.g. a parsed query string). */
function isPlainObject(value: Json): value is Record<string, Json> {
  return Object.prototype.toString.call(value) === "[object Object]";
}

/** Thrown instead of overflowing the stack when a value nests deeper than MAX_NESTING_DEPTH. */
export class NestingTooDeepError extends Error {
  constructor() {
    super(`The value is nested more than ${MAX_NESTING_DEPTH} levels deep`);
    this.name = "NestingTooDeepError";
  }
}

function convertKeys(value: Json, convert: (key: string) => string, depth: number): Json {
  // Strings, numbers, booleans and null first: most values of a reply are leaves.
  if (typeof value !== "object" || value === null) return value;
  const isArray = Array.isArray(value);
  if (!isArray && !isPlainObject(value)) return value;
  // Checked before descending: a value nested thousands of levels deep is refused, never walked.
  if (depth >= MAX_NESTING_DEPTH) throw new NestingTooDeepError();
  if (isArray) return value.map((item) => convertKeys(item, convert, depth + 1));
  const result: Record<string, Json> = {};
  for (const key of Object.keys(value)) result[convert(key)] = convertKeys(value[key], convert, depth + 1);
  return result;
}

/**
 * Deeply converts object keys to camelCase (arrays and nested objects included, values untouched). Throws a
 * NestingTooDeepError for values nested more than MAX_NESTING_DEPTH levels.
 */
export function toCamelKeys<T = unknown>(value: Json): T {
  return convertKeys(value, snakeToCamel, 0) as T;
}

/** Deeply converts object keys to snake_case (same depth limit). */
export function toSnakeKeys<T = unknown>(value: Json): T {
  return convertKeys(value, camelToSnake, 0) as T;
}
