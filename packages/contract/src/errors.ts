import { z } from "zod";
import { textSchema } from "./text.ts";

/** Stable error codes of the API; clients branch on these, never on messages. */
export const ERROR_CODES = {
  bad_request: 400,
  malformed_json: 400,
  /** Valid JSON nested deeper than MAX_NESTING_DEPTH (text.ts). */
  nesting_too_deep: 400,
  validation_failed: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  /** A card payment the processor declined (issue 13): the order stays payable. */
  payment_declined: 402,
  conflict: 409,
  /** A resource that existed and was withdrawn (a design taken down, a suspended storefront: issue 28). */
  gone: 410,
  payload_too_large: 413,
  /** A URL, or one of its path parameters, longer than the server reads. */
  uri_too_long: 414,
  unsupported_media_type: 415,
  /** The request line and headers together exceed what the HTTP parser holds. */
  header_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorDetailSchema = z.object({
  /** Dotted path of the offending field in the request, snake_case as sent (`user.email`). */
  field: textSchema({ maxLength: 200 }),
  message: textSchema({ maxLength: 1000 }),
});

/** The one JSON error body of every /api endpoint. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    message: textSchema({ maxLength: 1000 }),
    details: z.array(errorDetailSchema).optional(),
  }),
});

export type ErrorDetail = z.infer<typeof errorDetailSchema>;
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export function statusForCode(code: ErrorCode): number {
  return ERROR_CODES[code];
}
