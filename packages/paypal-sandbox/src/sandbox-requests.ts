import {
  type PayPalDescriptionName,
  type PayPalIssue,
  paypalRequestSchemas,
  toPayPalIssues,
} from "./paypal-schemas.ts";
import { header, refuse, refuseIssue } from "./sandbox-errors.ts";

/** A request to the sandbox and its answer, and the checks every operation makes of a request. */

export type SandboxRequest = {
  method: string;
  /** Path and query below the sandbox's mount point, e.g. /v2/checkout/orders/5O190127TN364715T. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

export type SandboxResponse = { status: number; headers: Record<string, string>; body: string };

/** PayPal's times: whole seconds, UTC (2024-05-01T10:20:30Z). */
export const isoTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

export function checkIssues(issues: PayPalIssue[]): void {
  if (issues.length > 0) refuse(400, issues);
}

/** Checks a request body with Ajv against `#/components/schemas/<schema>` of PayPal's description. */
export function checkBody(description: PayPalDescriptionName, schema: string, body: unknown): void {
  const validate = paypalRequestSchemas().schema(description, schema);
  if (!validate(body)) checkIssues(toPayPalIssues(validate.errors));
}

/** Checks a header or path value against `#/components/parameters/<parameter>`; absent values are not checked. */
export function parameterIssues(
  description: PayPalDescriptionName,
  parameter: string,
  value: string | undefined,
  place: { field: string; location?: PayPalIssue["location"] },
): PayPalIssue[] {
  if (value === undefined) return [];
  const validate = paypalRequestSchemas().parameter(description, parameter);
  return validate(value) ? [] : toPayPalIssues(validate.errors, place);
}

export function notFound(field?: string): never {
  refuse(404, [
    {
      issue: "INVALID_RESOURCE_ID",
      description: "Specified resource ID does not exist. Please check the resource ID and try again.",
      ...(field ? { field } : {}),
    },
  ]);
}

export function parseJsonBody(request: SandboxRequest, required: boolean): unknown {
  const contentType = header(request.headers, "content-type") ?? "";
  if (request.body === "" && !required) return undefined;
  if (!contentType.toLowerCase().startsWith("application/json"))
    refuse(415, [{ issue: "UNSUPPORTED_MEDIA_TYPE", description: "Send application/json" }]);
  try {
    return JSON.parse(request.body);
  } catch {
    refuseIssue("MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
  }
}

export function mockCode(request: SandboxRequest): string | undefined {
  const raw = header(request.headers, "paypal-mock-response");
  if (raw === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    refuseIssue("INVALID_PARAMETER_SYNTAX", "PayPal-Mock-Response must be JSON", "PayPal-Mock-Response");
  }
  const code = (parsed as { mock_application_codes?: unknown }).mock_application_codes;
  if (typeof code !== "string" || !/^[A-Z_]+$/.test(code)) {
    refuseIssue("INVALID_PARAMETER_VALUE", "mock_application_codes must name an error", "PayPal-Mock-Response");
  }
  return code;
}
