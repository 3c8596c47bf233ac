import { MAX_NESTING_DEPTH } from "@threadfolk/contract/limits";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error.ts";

/**
 * Longest URL (path and query) the server reads: the longest real one (a signed media link, a 200-character
 * search) is a few hundred characters. Longer ones up to Node's 16 KB header limit get a 414 here; beyond
 * that, the HTTP parser refuses them with a 431 (error-handler.ts).
 */
export const MAX_URL_LENGTH = 8192;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * True when a JSON text nests objects and arrays deeper than `maxDepth`, found in one pass over the
 * characters (brackets inside strings do not count) without parsing or recursing: cheap enough to run on
 * every body before anything walks it.
 */
export function isNestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * Limits checked before a handler runs: JSON bodies nested deeper than MAX_NESTING_DEPTH are refused before
 * they are parsed (the recursive key conversion and validation would overflow the stack on them), and URLs
 * longer than MAX_URL_LENGTH are refused with a 414. Register before the routes: plugins copy the parsers.
 */
export function registerRequestLimits(app: FastifyInstance): void {
  // Fastify's own parser (with its prototype-poisoning protection), behind the depth check.
  const parseJson = app.getDefaultJsonParser("error", "ignore");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (isNestedDeeperThan(text, MAX_NESTING_DEPTH)) {
      done(
        new AppError("nesting_too_deep", `The request body is nested more than ${MAX_NESTING_DEPTH} levels deep`),
        undefined,
      );
      return;
    }
    // Fastify's parser answers through `done`; it returns nothing to wait for.
    void parseJson(request, text, done);
  });

  app.addHook("onRequest", async (request) => {
    if (request.url.length > MAX_URL_LENGTH) {
      throw new AppError("uri_too_long", `The URL is longer than ${MAX_URL_LENGTH} characters`);
    }
  });
}
