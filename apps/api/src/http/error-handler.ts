import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
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
    case "FST_ERR_BAD_URL":
      return new AppError("bad_request", "The URL has a malformed percent-encoded character");
    case "FST_ERR_MAX_PARAM_LENGTH":
      return new AppError("uri_too_long", "A part of the URL is too long");
    default:
      break;
  }
  if (error instanceof SyntaxError || error.name === "SyntaxError") {
    return new AppError("malformed_json", "The request body is not valid JSON");
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError("payload_too_large", "The request body is too large");
  if (status === 414) return new AppError("uri_too_long", "The URL is too long");
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

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a malformed percent escape, a path parameter
 * over maxParamLength) are answered in the API's shape instead of Fastify's.
 */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void sendAppError(
    reply,
    fromFastifyError(error) ?? new AppError("internal_error", "Something went wrong on our side. Please try again."),
  );
}

function fromClientError(code: string | undefined): AppError {
  if (code === "HPE_HEADER_OVERFLOW") {
    return new AppError("header_too_large", "The request line and headers are too large");
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT")
    return new AppError("request_timeout", "The request took too long to arrive");
  return new AppError("bad_request", "The request is not valid HTTP");
}

/**
 * Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses (an oversized request line or
 * header, a malformed request) never becomes a request, so the reply is written to the socket here, in the
 * API's shape with the status's own reason phrase, and the connection is closed.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  // As Node does: never write into a reply that has already started on this connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const known = fromClientError(error.code);
    const body = JSON.stringify(errorBody(known));
    socket.write(
      [
        `HTTP/1.1 ${known.statusCode} ${STATUS_CODES[known.statusCode]}`,
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Cache-Control: no-store",
        "X-Content-Type-Options: nosniff",
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
  }
  socket.destroy(error);
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
