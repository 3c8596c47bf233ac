import type { TokenResponse } from "@threadfolk/contract/accounts";
import { toCamelKeys, toSnakeKeys } from "@threadfolk/contract/case";
import type { ErrorDetail } from "@threadfolk/contract/errors";
import { appConfig } from "./config.ts";
import {
  clearSignedInVisitor,
  LOCAL_KEYS,
  readAccessToken,
  readLocal,
  readSignedInFlag,
  storeTokens,
  type TokenSet,
  writeSignedInFlag,
} from "./storage.ts";

/** Exact description of the token endpoint when a refresh is sent without a refresh token (decision 005). */
export const REFRESH_TOKEN_MISSING_DESCRIPTION = "The refresh_token parameter is missing";

/** Renew an access token this long before its stated expiry, so a request never leaves with a dying token. */
const EXPIRY_MARGIN_MS = 30_000;

export type ApiErrorDetail = ErrorDetail;

/**
 * A failed call: the HTTP status and the server's code, message and field details. API errors carry
 * `{ error: { code, message, details } }`; OAuth errors carry `{ error, error_description, message? }`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[];
  /** The response body (camelCase), for fields a caller reads itself (`message: "unconfirmed"`). */
  readonly body: unknown;

  constructor(options: { status: number; code: string; message: string; details?: ApiErrorDetail[]; body?: unknown }) {
    super(options.message);
    this.name = "ApiError";
    this.status = options.status;
    this.code = options.code;
    this.details = options.details ?? [];
    this.body = options.body;
  }
}

/** True when `error` is an ApiError with this HTTP status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/** Builds an ApiError from a failed response's (already camelCased) body. */
function toApiError(status: number, body: unknown): ApiError {
  const record = asRecord(body);
  if (typeof record.error === "object" && record.error !== null) {
    const error = asRecord(record.error);
    const details = Array.isArray(error.details)
      ? error.details
          .map(asRecord)
          .filter((detail) => typeof detail.field === "string" && typeof detail.message === "string")
          .map((detail) => ({ field: detail.field as string, message: detail.message as string }))
      : [];
    return new ApiError({
      status,
      code: typeof error.code === "string" ? error.code : "unknown",
      message: typeof error.message === "string" ? error.message : `Request failed (${status})`,
      details,
      body,
    });
  }
  if (typeof record.error === "string") {
    return new ApiError({
      status,
      code: record.error,
      message: typeof record.errorDescription === "string" ? record.errorDescription : record.error,
      body,
    });
  }
  return new ApiError({ status, code: "unknown", message: `Request failed (${status})`, body });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return toCamelKeys(JSON.parse(text));
  } catch {
    return text;
  }
}

function queryString(params: Record<string, unknown> | undefined): string {
  if (!params) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(toSnakeKeys<Record<string, unknown>>(params))) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

// ---------------------------------------------------------------------------------------------------------
// OAuth token endpoint

/** A token reply, read defensively: a 200 without tokens would carry a `message` instead. */
type TokenReply = TokenResponse & { message?: string };

function clientCredentials() {
  return { clientId: appConfig.oauthClientId, clientSecret: appConfig.oauthClientSecret };
}

/** POSTs to an /oauth endpoint with the client credentials; JSON in snake_case, reply in camelCase. */
async function postOAuth<T>(path: string, params: Record<string, unknown>, headers: HeadersInit = {}): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
    body: JSON.stringify(toSnakeKeys({ ...params, ...clientCredentials() })),
  });
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

/** The current access token as a bearer header, when there is one. */
function bearerHeader(): Record<string, string> {
  const stored = readAccessToken();
  return stored ? { Authorization: `Bearer ${stored.token}` } : {};
}

/**
 * Whom the bearer token stands for after it changed hands: a new guest (who owns nothing yet, so an empty
 * cart) or a customer who has just signed in (whose cart the server has merged the guest's into).
 */
export type IdentityChange = "new-guest" | "customer";

const identityListeners = new Set<(change: IdentityChange) => void>();

/** Calls `listener` after this tab's token starts standing for someone else; answers an unsubscribe function. */
export function onIdentityChanged(listener: (change: IdentityChange) => void): () => void {
  identityListeners.add(listener);
  return () => identityListeners.delete(listener);
}

function notifyIdentityChanged(change: IdentityChange): void {
  for (const listener of identityListeners) {
    try {
      listener(change);
    } catch {
      // A listener's failure must not undo a sign-in or a sign-out that has already happened.
    }
  }
}

/** Asks for a guest token and stores it (spec section 4: signedIn false, expiry stored). */
async function fetchGuestToken(): Promise<string> {
  const tokens = await postOAuth<TokenReply>("/oauth/token", { grantType: "password", guest: true });
  storeTokens(tokens);
  writeSignedInFlag(false);
  notifyIdentityChanged("new-guest");
  return tokens.accessToken;
}

const sessionEndedListeners = new Set<() => void>();

/** Calls `listener` whenever the session ends without the visitor asking (refresh refused); returns unsubscribe. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * The session is over (refresh token missing or refused): forget the visitor as spec section 4 says and
 * start a new guest session. Listeners (the app) send a signed-in visitor to /.
 */
async function endSession(): Promise<string> {
  const wasSignedIn = readSignedInFlag();
  clearSignedInVisitor();
  const token = await fetchGuestToken();
  if (wasSignedIn) for (const listener of sessionEndedListeners) listener();
  return token;
}

function isSessionOver(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === "invalid_grant") return true;
  return error.code === "invalid_request" && error.message === REFRESH_TOKEN_MISSING_DESCRIPTION;
}

/** This browser's device id (created once, kept in local storage), sent as the refresh's `Device` header. */
function deviceId(): string {
  const kept = readLocal(LOCAL_KEYS.deviceId);
  if (kept) return kept;
  const created = globalThis.crypto.randomUUID();
  // Written directly: a new device id is not a change of session for the listeners.
  window.localStorage.setItem(LOCAL_KEYS.deviceId, created);
  return created;
}

/** Exchanges the stored refresh token for a new pair; a refused refresh ends the session. */
async function refreshAccessToken(): Promise<string> {
  const refreshToken = readLocal(LOCAL_KEYS.refreshToken);
  // Without a refresh token the server can only answer "parameter missing": act on that answer directly.
  if (!refreshToken) return endSession();
  try {
    const tokens = await postOAuth<TokenReply>(
      "/oauth/token",
      { grantType: "refresh_token", refreshToken },
      { Device: deviceId() },
    );
    storeTokens(tokens);
    return tokens.accessToken;
  } catch (error) {
    if (isSessionOver(error)) return endSession();
    throw error;
  }
}

// One renewal at a time for the whole tab: concurrent 401s (and first requests) share it, because a refresh
// token is single-use and a second exchange with it would be taken for theft (decision 005).
let renewal: Promise<string> | undefined;

function shareRenewal(start: () => Promise<string>): Promise<string> {
  if (!renewal) {
    renewal = start().finally(() => {
      renewal = undefined;
    });
  }
  return renewal;
}

/**
 * A usable access token: the stored one while it is fresh; otherwise a refresh when a refresh token is
 * kept, or a new guest token on a first visit (spec section 4, session).
 */
export async function ensureAccessToken(): Promise<string> {
  if (renewal) return renewal;
  const stored = readAccessToken();
  if (stored && stored.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return stored.token;
  return shareRenewal(() => (readLocal(LOCAL_KEYS.refreshToken) ? refreshAccessToken() : fetchGuestToken()));
}

/** The stored access token while it is fresh and no renewal is under way; otherwise undefined. */
function usableStoredToken(): string | undefined {
  if (renewal) return undefined;
  const stored = readAccessToken();
  return stored && stored.expiresAt - EXPIRY_MARGIN_MS > Date.now() ? stored.token : undefined;
}

/** After a 401 with `rejectedToken`: reuse a token another request already renewed, or refresh once. */
function renewAfterUnauthorized(rejectedToken: string): Promise<string> {
  if (renewal) return renewal;
  const stored = readAccessToken();
  if (stored && stored.token !== rejectedToken) return Promise.resolve(stored.token);
  return shareRenewal(refreshAccessToken);
}

/**
 * A token to retry with after `rejectedToken` was refused with a 401 (the refresh is shared with the API
 * calls in flight): for requests the API client does not send itself (the resumable uploads' tus requests).
 */
export function renewRejectedAccessToken(rejectedToken: string): Promise<string> {
  return renewAfterUnauthorized(rejectedToken);
}

/** Password grant (spec: sign-in). Sends the guest's bearer token so the server can link the guest. */
export async function requestPasswordToken(credentials: { email: string; password: string }): Promise<TokenSet> {
  const tokens = await postOAuth<TokenReply>(
    "/oauth/token",
    { grantType: "password", email: credentials.email, password: credentials.password },
    bearerHeader(),
  );
  // A 200 always carries tokens; the unconfirmed case is a 400 (decision 005), but never store a token-less reply.
  if (!tokens.accessToken) {
    throw new ApiError({ status: 400, code: "invalid_grant", message: tokens.message ?? "No token", body: tokens });
  }
  return tokens;
}

/** Stores the tokens of a successful sign-in and marks the visitor signed in (spec section 4, sign-in). */
export function storeSignIn(tokens: TokenSet): void {
  storeTokens(tokens);
  writeSignedInFlag(true);
  notifyIdentityChanged("customer");
}

/**
 * Logout (spec section 4): revokes the stored access token (or the refresh token when this tab has no access
 * token yet), then forgets the visitor and starts a guest session. A failed revoke keeps the session.
 */
export async function signOut(): Promise<void> {
  const token = readAccessToken()?.token ?? readLocal(LOCAL_KEYS.refreshToken);
  if (token) {
    const { clientId, clientSecret } = clientCredentials();
    // The spec's client also sends the credentials as username/password headers; the server accepts either.
    await postOAuth("/oauth/revoke", { token }, { username: clientId, password: clientSecret });
  }
  clearSignedInVisitor();
  await shareRenewal(fetchGuestToken);
}

// ---------------------------------------------------------------------------------------------------------
// API calls

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Query parameters (camelCase keys; sent snake_case). */
  params?: Record<string, unknown>;
  /** JSON body (camelCase keys; sent snake_case). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A public read (catalogue pages): sent with the bearer token when one is already kept, without waiting
   * for a guest token when none is (spec section 7: the header goes along "when an access token exists").
   * The session start-up obtains the guest token in parallel, so a first visit's pages load one round trip
   * sooner.
   */
  isPublic?: boolean;
  /** Let the request outlive the page (analytics sent while the page is hidden or closed). */
  keepalive?: boolean;
  /** Extra request headers (`Idempotency-Key`); they cannot replace the client's own (bearer, JSON). */
  headers?: Record<string, string>;
};

async function send(path: string, options: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(`${path}${queryString(options.params)}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(toSnakeKeys(options.body)),
    signal: options.signal,
    keepalive: options.keepalive,
  });
}

/**
 * The one way the app calls the API: bearer token on every call (a guest token is fetched first when there
 * is none), camelCase in and out, and a 401 answered by one refresh and one retry (spec section 4).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.isPublic ? usableStoredToken() : await ensureAccessToken();
  let response = await send(path, options, token);
  if (response.status === 401) {
    const renewed = token ? await renewAfterUnauthorized(token) : await ensureAccessToken();
    response = await send(path, options, renewed);
  }
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

/** The general error toast text of spec section 8 (typo corrected). */
export function generalErrorMessage(): string {
  return `An error occurred, contact ${appConfig.supportEmail} 🔧`;
}
