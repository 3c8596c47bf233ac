/** RFC 6749 section 5.2 error codes used by /oauth/*. */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "rate_limited";

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  rate_limited: 429,
};

/** An error of the OAuth endpoints, answered as `{ error, error_description }` (RFC 6749, not the API shape). */
export class OAuthError extends Error {
  readonly statusCode: number;

  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** Extra body fields, e.g. `message: "unconfirmed"` that the web client reads. */
    readonly extra: Record<string, string> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = "OAuthError";
    this.statusCode = STATUS[error];
  }
}
