import formbody from "@fastify/formbody";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { enforceRateLimit, RateLimitError } from "../rate-limit/enforce-rate-limit.ts";
import { readBearerToken } from "./authenticate.ts";
import { verifyOAuthClient } from "./oauth-clients.ts";
import { OAuthError } from "./oauth-error.ts";
import { presentTokens } from "./presenters.ts";
import { findActorByAccessToken, revokeToken, rotateRefreshToken } from "./sessions.ts";
import { SIGN_IN_REFUSAL_MESSAGES, signInAsGuest, signInWithPassword } from "./sign-in.ts";

/** Exact text of the refresh grant's missing-parameter error; the web client signs the visitor out on it. */
export const REFRESH_TOKEN_MISSING_DESCRIPTION = "The refresh_token parameter is missing";

const ROTATION_FAILURES = {
  unknown: "The refresh token is invalid",
  revoked: "The refresh token has been revoked",
  reused: "The refresh token was already used; the session has been revoked",
  expired: "The session has expired",
  disabled: "This account has been disabled",
} as const;

type Parameters = Record<string, string | undefined>;

/**
 * Reads OAuth parameters from a JSON or form body. RFC 6749 asks servers to ignore unknown parameters,
 * so only the known ones are read; each must be a string (or a boolean, for `guest` in JSON).
 */
function readParameters(body: unknown, names: string[]): Parameters {
  if (body === undefined || body === null) return {};
  if (typeof body !== "object" || Array.isArray(body)) {
    throw new OAuthError("invalid_request", "The request body must be a JSON object or a form");
  }
  const values: Parameters = {};
  for (const name of names) {
    const value = (body as Record<string, unknown>)[name];
    if (value === undefined || value === null || value === "") continue;
    if (typeof value === "boolean" || typeof value === "number") values[name] = String(value);
    else if (typeof value === "string") values[name] = value;
    else throw new OAuthError("invalid_request", `The ${name} parameter must be a string`);
  }
  return values;
}

/** Client credentials from the body, HTTP Basic (RFC 6749 2.3.1) or the spec's username/password headers. */
function readClientCredentials(request: FastifyRequest, parameters: Parameters) {
  if (parameters.client_id || parameters.client_secret) {
    return { clientId: parameters.client_id, clientSecret: parameters.client_secret, viaBasic: false };
  }
  const authorization = request.headers.authorization;
  const basic = authorization ? /^Basic\s+(\S+)\s*$/i.exec(authorization) : null;
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const separator = decoded.indexOf(":");
    if (separator > 0) {
      const decode = (value: string) => {
        try {
          return decodeURIComponent(value.replace(/\+/g, " "));
        } catch {
          return value;
        }
      };
      return {
        clientId: decode(decoded.slice(0, separator)),
        clientSecret: decode(decoded.slice(separator + 1)),
        viaBasic: true,
      };
    }
  }
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === "string" && value ? value : undefined;
  };
  return { clientId: header("username"), clientSecret: header("password"), viaBasic: false };
}

async function authenticateClient(context: AppContext, request: FastifyRequest, parameters: Parameters) {
  const { clientId, clientSecret, viaBasic } = readClientCredentials(request, parameters);
  const headers: Record<string, string> = viaBasic ? { "WWW-Authenticate": 'Basic realm="oauth"' } : {};
  if (!clientId || !clientSecret) {
    throw new OAuthError("invalid_client", "Client authentication is required", {}, headers);
  }
  if (!(await verifyOAuthClient({ db: context.db, clientId, clientSecret }))) {
    throw new OAuthError("invalid_client", "Client authentication failed", {}, headers);
  }
  return clientId;
}

/** The guest a signing-in visitor was, from the guest token the client still sends; ignored when invalid. */
async function findSigningInGuest(context: AppContext, request: FastifyRequest): Promise<string | undefined> {
  const token = readBearerToken(request);
  if (!token) return undefined;
  const lookup = await findActorByAccessToken({ db: context.db, config: context.config, token });
  return lookup.status === "valid" && lookup.actor.kind === "guest" ? lookup.actor.guestId : undefined;
}

function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  return reply
    .status(error.statusCode)
    .headers({ "Cache-Control": "no-store", ...error.headers })
    .type("application/json; charset=utf-8")
    .send({ error: error.error, error_description: error.description, ...error.extra });
}

/** Maps everything thrown under /oauth to the RFC 6749 error shape. */
function toOAuthError(error: FastifyError | Error): OAuthError | undefined {
  if (error instanceof OAuthError) return error;
  if (error instanceof RateLimitError) {
    return new OAuthError("rate_limited", error.message, {}, { "Retry-After": String(error.retryAfterSeconds) });
  }
  if (error instanceof AppError)
    return error.statusCode < 500 ? new OAuthError("invalid_request", error.message) : undefined;
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const description =
      status === 415
        ? "Send the request as application/json or application/x-www-form-urlencoded"
        : error instanceof SyntaxError || (error as FastifyError).code?.includes("JSON")
          ? "The request body is not valid JSON"
          : error.message;
    return new OAuthError("invalid_request", description);
  }
  return undefined;
}

/** What a `Device` header may hold: the web client sends a random id (letters, digits and dashes). */
const DEVICE_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

/** The `Device` header (spec section 7, sent with a refresh), checked; undefined when absent. */
function readDevice(request: FastifyRequest): string | undefined {
  const value = request.headers.device;
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !DEVICE_PATTERN.test(value)) {
    throw new OAuthError(
      "invalid_request",
      "The Device header must be 1 to 100 letters, digits, dots, colons or dashes",
    );
  }
  return value;
}

/** `POST /oauth/token` (password and refresh_token grants) and `POST /oauth/revoke` (RFC 7009). */
export async function oauthRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, db, rateLimiter } = context;
  // Form bodies only here: the rest of the API speaks JSON alone.
  await app.register(formbody);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const oauthError = toOAuthError(error);
    if (oauthError) return sendOAuthError(reply, oauthError);
    request.log.error({ err: error }, "oauth request failed");
    return reply.status(500).send({ error: "server_error", error_description: "Something went wrong on our side" });
  });

  app.post("/oauth/token", async (request, reply) => {
    const parameters = readParameters(request.body, [
      "grant_type",
      "client_id",
      "client_secret",
      "guest",
      "email",
      "username",
      "password",
      "refresh_token",
    ]);
    const grantType = parameters.grant_type;
    if (!grantType) throw new OAuthError("invalid_request", "The grant_type parameter is missing");
    if (grantType !== "password" && grantType !== "refresh_token") {
      throw new OAuthError("unsupported_grant_type", `The grant type ${grantType} is not supported`);
    }
    const clientId = await authenticateClient(context, request, parameters);
    const device = readDevice(request);
    reply.headers({ "Cache-Control": "no-store", Pragma: "no-cache" });

    if (grantType === "refresh_token") {
      const refreshToken = parameters.refresh_token;
      if (!refreshToken) throw new OAuthError("invalid_request", REFRESH_TOKEN_MISSING_DESCRIPTION);
      await enforceRateLimit({ rateLimiter, config, action: "refresh", ip: request.ip });
      const result = await rotateRefreshToken({ db, config, clientId, refreshToken, device });
      if (!result.ok) throw new OAuthError("invalid_grant", ROTATION_FAILURES[result.reason]);
      // Spec section 7: the refresh reply also names the new access token `token`.
      return { token: result.tokens.accessToken, ...presentTokens(result.tokens) };
    }

    if (parameters.guest === "true") {
      return presentTokens(await signInAsGuest({ context, clientId, ip: request.ip, device }));
    }
    // RFC 6749 names the field `username`; the spec's client sends `email`.
    const email = parameters.email ?? parameters.username;
    const password = parameters.password;
    if (!email || !password) {
      throw new OAuthError("invalid_request", "The email and password parameters are required (or guest=true)");
    }
    const signedIn = await signInWithPassword({
      context,
      clientId,
      email,
      password,
      ip: request.ip,
      device,
      findGuestId: () => findSigningInGuest(context, request),
    });
    if (!signedIn.ok) {
      // The web client tells an unconfirmed account apart by this `message` field.
      const extra: Record<string, string> = signedIn.reason === "unconfirmed" ? { message: "unconfirmed" } : {};
      throw new OAuthError("invalid_grant", SIGN_IN_REFUSAL_MESSAGES[signedIn.reason], extra);
    }
    return presentTokens(signedIn.tokens);
  });

  app.post("/oauth/revoke", async (request, reply) => {
    const parameters = readParameters(request.body, ["token", "token_type_hint", "client_id", "client_secret"]);
    const clientId = await authenticateClient(context, request, parameters);
    if (!parameters.token) throw new OAuthError("invalid_request", "The token parameter is missing");
    await revokeToken({ db, clientId, token: parameters.token });
    return reply.header("Cache-Control", "no-store").send({});
  });
}
