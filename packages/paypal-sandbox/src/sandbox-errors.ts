import { randomBytes } from "node:crypto";
import type { PayPalIssue } from "./paypal-schemas.ts";

/** The shape of the sandbox's refusals (PayPal's error bodies) and the small helpers every handler uses. */

export type SandboxHeaders = Record<string, string | string[] | undefined>;

export type Refusal = {
  status: number;
  name: string;
  message: string;
  /** PayPal's `details`; empty for a 401 (its documented body names no issue for a missing or stale token). */
  details: PayPalIssue[];
};

const UNPROCESSABLE = {
  name: "UNPROCESSABLE_ENTITY",
  message: "The requested action could not be performed, semantically incorrect, or failed business validation.",
};

const ERROR_MESSAGES: Record<number, { name: string; message: string }> = {
  400: { name: "INVALID_REQUEST", message: "Request is not well-formed, syntactically incorrect, or violates schema." },
  401: {
    name: "AUTHENTICATION_FAILURE",
    message: "Authentication failed due to missing authorization header, or invalid authentication credentials.",
  },
  404: { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." },
  415: { name: "UNSUPPORTED_MEDIA_TYPE", message: "The server does not support the request payload's media type." },
  422: {
    name: "UNPROCESSABLE_ENTITY",
    message: "The requested action could not be performed, semantically incorrect, or failed business validation.",
  },
};

/** Issue codes PayPal answers with 400 rather than 422 (its `400` schema). */
const BAD_REQUEST_ISSUES = new Set([
  "INVALID_ARRAY_MAX_ITEMS",
  "INVALID_ARRAY_MIN_ITEMS",
  "INVALID_COUNTRY_CODE",
  "INVALID_PARAMETER_SYNTAX",
  "INVALID_STRING_LENGTH",
  "INVALID_PARAMETER_VALUE",
  "MISSING_REQUIRED_PARAMETER",
  "NOT_SUPPORTED",
  "PAYPAL_REQUEST_ID_REQUIRED",
  "MALFORMED_REQUEST_JSON",
]);

export class SandboxRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(
      `${refusal.status} ${refusal.details.map((detail) => `${detail.issue}${detail.field ? ` at ${detail.field}` : ""}`).join(", ")}`,
    );
  }
}

export function refuse(status: number, details: Refusal["details"]): never {
  const { name, message } = ERROR_MESSAGES[status] ?? UNPROCESSABLE;
  throw new SandboxRefusal({ status, name, message, details });
}

export function refuseIssue(issue: string, description: string, field?: string): never {
  refuse(BAD_REQUEST_ISSUES.has(issue) ? 400 : 422, [{ issue, description, ...(field ? { field } : {}) }]);
}

export function header(headers: SandboxHeaders, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  if (value === undefined) {
    const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    const found = key === undefined ? undefined : headers[key];
    return Array.isArray(found) ? found[0] : found;
  }
  return Array.isArray(value) ? value[0] : value;
}

/** PayPal-style ids: 17 upper-case letters and digits. */
export function paypalId(): string {
  const alphabet = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
  const bytes = randomBytes(17);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}
