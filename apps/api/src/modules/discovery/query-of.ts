import type { FastifyRequest } from "fastify";

/**
 * The request's query string or path parameters as a plain object. Fastify's parsed query has its own
 * prototype, which the contract's key conversion (toCamelKeys) does not treat as a plain object, so
 * `location_code` would reach the schema unconverted.
 */
export function queryOf(request: FastifyRequest, part: "query" | "params" = "query"): Record<string, unknown> {
  const value = part === "query" ? request.query : request.params;
  return value && typeof value === "object" ? { ...(value as Record<string, unknown>) } : {};
}
