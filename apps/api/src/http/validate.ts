import { camelToSnake, NestingTooDeepError, toCamelKeys } from "@threadfolk/contract/case";
import type { z } from "zod";
import { AppError } from "../lib/app-error.ts";

type Location = "body" | "query" | "params";

/** Longest field name echoed back in a validation error; client-chosen keys can be as long as the body. */
const MAX_FIELD_NAME_LENGTH = 100;

/**
 * A field name as the client sent it, safe to echo: control characters (NUL included) become U+FFFD and long
 * names are shortened, so an unknown key cannot smuggle either into the error reply or a log line.
 */
function describeField(segments: string[]): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced here
  const field = segments.join(".").replace(/[\u0000-\u001f\u007f]/g, "\uFFFD");
  return field.length > MAX_FIELD_NAME_LENGTH ? `${field.slice(0, MAX_FIELD_NAME_LENGTH)}…` : field;
}

/** The input with camelCase keys; input nested too deeply to convert is the client's error, not ours. */
function toCamelInput(input: unknown): unknown {
  try {
    return toCamelKeys(input);
  } catch (error) {
    if (error instanceof NestingTooDeepError) throw new AppError("nesting_too_deep", error.message);
    throw error;
  }
}

/**
 * Validates snake_case input against a camelCase contract schema: keys are converted first, and the
 * failing fields are reported back in snake_case, as the client sent them.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  location: Location = "body",
): z.infer<Schema> {
  if (location === "body" && (input === undefined || input === null)) {
    throw new AppError("bad_request", "A JSON request body is required");
  }
  const result = schema.safeParse(toCamelInput(input ?? {}));
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => {
    const field = issue.path.map((segment) => (typeof segment === "string" ? camelToSnake(segment) : String(segment)));
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        field: describeField([...field, camelToSnake(key)]),
        message: "Unknown field",
      }));
    }
    return [{ field: describeField(field) || location, message: issue.message }];
  });
  throw new AppError("validation_failed", `The request ${location} is invalid`, details.flat());
}
