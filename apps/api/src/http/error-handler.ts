import type { ErrorResponse } from "@threadfolk/contract/errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";

/** Fastify's own request errors, mapped to the API's stable codes. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new AppError("unsupported_media_type", "Send the request body as application/json");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("payload_too_large", "The request body is too large");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new AppError("malformed_json", "The request body is empty but its content type is application/json");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new AppError("malformed_json", "The request body is not valid JSON");
    default:
      break;
  }
  if (error instanceof SyntaxError || error.name === "SyntaxError") {
    return new AppError("malformed_json", "The request body is not valid JSON");
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError("payload_too_large", "The request body is too large");
  if (status === 415) return new AppError("unsupported_media_type", "Send the request body as application/json");
  if (status >= 400 && status < 500) return new AppError("bad_request", error.message);
  return undefined;
}

function errorBody(error: AppError): ErrorResponse {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    },
  };
}

export function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.status(error.statusCode).type("application/json; charset=utf-8").send(errorBody(error));
}

/** The one central error handler: known errors become their 4xx; anything else is a logged 500 without details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = error instanceof AppError ? error : fromFastifyError(error);
    if (known) {
      if (known.statusCode >= 500) request.log.error({ err: error }, "request failed");
      return sendAppError(reply, known);
    }
    request.log.error({ err: error }, "unhandled error");
    return sendAppError(reply, new AppError("internal_error", "Something went wrong on our side. Please try again."));
  });
}
