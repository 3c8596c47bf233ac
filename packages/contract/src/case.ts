/** Key case conversion between the wire (snake_case) and code (camelCase), applied in one place per side. */

type Json = unknown;

export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_match, character: string) => character.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Plain records, including those made with a custom or null prototype (e.g. a parsed query string). */
function isPlainObject(value: Json): value is Record<string, Json> {
  return Object.prototype.toString.call(value) === "[object Object]";
}

function convertKeys(value: Json, convert: (key: string) => string): Json {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const result: Record<string, Json> = {};
  for (const [key, item] of Object.entries(value)) {
    result[convert(key)] = convertKeys(item, convert);
  }
  return result;
}

/** Deeply converts object keys to camelCase (arrays and nested objects included, values untouched). */
export function toCamelKeys<T = unknown>(value: Json): T {
  return convertKeys(value, snakeToCamel) as T;
}

/** Deeply converts object keys to snake_case. */
export function toSnakeKeys<T = unknown>(value: Json): T {
  return convertKeys(value, camelToSnake) as T;
}
