import { toCamelKeys, toSnakeKeys } from "@threadfolk/contract/case";
import type { ErrorDetail } from "@threadfolk/contract/errors";

/**
 * The admin console's one way to the API (issue 28): same-origin requests that carry the operator session cookie
 * (HttpOnly: the page never sees it), JSON bodies in snake_case, replies in camelCase. A refusal throws an
 * AdminApiError with the API's status, code, message and field details.
 */
export class AdminApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];

  constructor(options: { status: number; code: string; message: string; details?: ErrorDetail[] }) {
    super(options.message);
    this.name = "AdminApiError";
    this.status = options.status;
    this.code = options.code;
    this.details = options.details ?? [];
  }
}

/** True when `error` is an AdminApiError (with this status, when given). */
export function isAdminApiError(error: unknown, status?: number): error is AdminApiError {
  return error instanceof AdminApiError && (status === undefined || error.status === status);
}

export type AdminFetchInit = Omit<RequestInit, "body"> & {
  /** A JSON body (camelCase keys: sent as snake_case). */
  body?: unknown;
  /** Query parameters (camelCase names: sent as snake_case); undefined and empty values are left out. */
  query?: Record<string, string | number | undefined>;
};

/** `/api/v1/...` with its query string. */
function urlOf(path: string, query: AdminFetchInit["query"]): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === "") continue;
    params.set(
      name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      String(value),
    );
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Calls the admin API; resolves with the reply (camelCase), or undefined for a 204. */
export async function adminFetch<T>(path: string, init: AdminFetchInit = {}): Promise<T> {
  const { body, query, headers, ...rest } = init;
  const response = await fetch(urlOf(path, query), {
    ...rest,
    credentials: "same-origin",
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(toSnakeKeys(body as Parameters<typeof toSnakeKeys>[0])),
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? toCamelKeys(JSON.parse(text) as Parameters<typeof toCamelKeys>[0]) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const error = (parsed as { error?: { code?: string; message?: string; details?: ErrorDetail[] } } | undefined)
      ?.error;
    throw new AdminApiError({
      status: response.status,
      code: error?.code ?? "http_error",
      message: error?.message ?? `The server answered ${response.status}`,
      details: error?.details,
    });
  }
  return parsed as T;
}

/**
 * `meta` for the console's mutations: each page shows the API's refusals itself (under the field, or in the page),
 * so the shop's general error toast is not shown for them.
 */
export const ADMIN_MUTATION_META = { isExpectedError: (error: unknown) => error instanceof AdminApiError };
