import { type ErrorCode, type ErrorDetail, statusForCode } from "@threadfolk/contract/errors";

/** The one error type of the API: a stable code, a human message and optional per-field details. */
export class AppError extends Error {
  readonly statusCode: number;
  /** Extra response headers the error handler sends with this error (e.g. Retry-After). */
  headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = "AppError";
    this.statusCode = statusForCode(code);
  }

  static notFound(what = "Resource"): AppError {
    return new AppError("not_found", `${what} not found`);
  }

  static unauthorized(message = "Sign in to continue"): AppError {
    return new AppError("unauthorized", message);
  }

  static forbidden(message = "You are not allowed to do that"): AppError {
    return new AppError("forbidden", message);
  }

  static badRequest(message: string): AppError {
    return new AppError("bad_request", message);
  }

  static conflict(message: string, details?: ErrorDetail[]): AppError {
    return new AppError("conflict", message, details);
  }
}
