import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import type { FastifyReply, FastifyRequest } from "fastify";
import { REDACTED, redactErrorMessage } from "../lib/redact-error-message.ts";

/** What replaces a secret in the log. */

/**
 * Query parameters that carry credentials or capabilities (signed media links, OAuth codes): their values
 * never reach the log. Matched on the whole name, case-insensitively.
 */
const SECRET_QUERY_PARAMETER = /(token|secret|password|signature|api_?key)|^(sig|code|key)$/i;

/**
 * The client routes whose path carries a one-time token (`/reset-password/:resetPasswordToken`): every
 * parameter named `...Token` is a secret, so a route added later with such a parameter is covered too.
 */
const TOKEN_PATH_PATTERNS = Object.values(CLIENT_ROUTES)
  .map((pattern) => pattern.split("/"))
  .filter((segments) => segments.some(isTokenParameter));

function isTokenParameter(segment: string): boolean {
  return segment.startsWith(":") && /token$/i.test(segment);
}

function redactPath(pathname: string): string {
  const segments = pathname.split("/");
  for (const pattern of TOKEN_PATH_PATTERNS) {
    const matches =
      (segments.length === pattern.length || (segments.length === pattern.length + 1 && segments.at(-1) === "")) &&
      pattern.every((part, index) => part.startsWith(":") || part === segments[index]);
    if (matches)
      return segments.map((segment, index) => (isTokenParameter(pattern[index] ?? "") ? REDACTED : segment)).join("/");
  }
  return pathname;
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const separator = pair.indexOf("=");
      if (separator < 0) return pair;
      let name = pair.slice(0, separator);
      try {
        name = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // A malformed escape: the raw name is checked.
      }
      return SECRET_QUERY_PARAMETER.test(name) ? `${pair.slice(0, separator)}=${REDACTED}` : pair;
    })
    .join("&");
}

/** The request URL with tokens in its path (e-mail links) and secret query parameters replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  const pathname = queryStart < 0 ? url : url.slice(0, queryStart);
  const redactedPath = redactPath(pathname);
  return queryStart < 0 ? redactedPath : `${redactedPath}?${redactQuery(url.slice(queryStart + 1))}`;
}

/** The request as the access log shows it: method, redacted URL and the client's address; no headers or body. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}

export function serializeReply(reply: FastifyReply) {
  return { statusCode: reply.statusCode };
}

/**
 * Error properties safe to log. Everything else is left out: a driver error's `params` (a failed query's
 * values: e-mail addresses, password hashes), PostgreSQL's `detail` ("Failing row contains (...)", "Key
 * (email)=(...) already exists") and `where`, and whatever a library attaches.
 */
const SAFE_ERROR_FIELDS = [
  "code",
  "statusCode",
  "severity",
  "schema",
  "table",
  "column",
  "constraint",
  "routine",
  "query",
] as const;

/** The stack with its first lines (the raw message) replaced by the redacted one; the frames are kept. */
function redactStack(stack: string, message: string, redactedMessage: string): string {
  const start = message ? stack.indexOf(message) : -1;
  if (start >= 0) return `${stack.slice(0, start)}${redactedMessage}${stack.slice(start + message.length)}`;
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

type SerializedError = {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
  [field: string]: unknown;
};

const MAX_CAUSE_DEPTH = 5;

/** An error as the log shows it: type, message, stack and the allow-listed fields, with its causes. */
export function serializeError(error: unknown, depth = 0): SerializedError | unknown {
  if (!(error instanceof Error)) return error;
  const message = redactErrorMessage(error.message);
  const serialized: SerializedError = { type: error.constructor?.name ?? error.name, message };
  if (error.stack) serialized.stack = redactStack(error.stack, error.message, message);
  const fields = error as unknown as Record<string, unknown>;
  for (const field of SAFE_ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === "string" || typeof value === "number") serialized[field] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH)
    serialized.cause = serializeError(error.cause, depth + 1) as SerializedError;
  return serialized;
}

/** The logger's serializers: every `req`, `res` and `err` logged anywhere goes through these. */
export const logSerializers = {
  req: serializeRequest,
  res: serializeReply,
  err: (error: unknown) => serializeError(error),
};
