import {
  API_OPERATIONS,
  type ApiOperation,
  type ApiReply,
  type NonJsonReply,
} from "@threadfolk/contract/api-operations";
import { oauthErrorReplySchema } from "@threadfolk/contract/api-replies";
import { camelToSnake } from "@threadfolk/contract/case";
import { errorResponseSchema } from "@threadfolk/contract/errors";
import { OPERATOR_SESSION_COOKIE } from "@threadfolk/contract/operators";
import { z } from "zod";

/**
 * The API's OpenAPI 3.1 description, generated from the contract's operations (packages/contract
 * api-operations.ts; decision 062). zod's own JSON Schema output (draft 2020-12, OpenAPI 3.1's dialect), with
 * property names converted to the wire's snake_case by the same function the server's replies go through.
 */

type JsonSchema = Record<string, unknown>;
type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

/** JSON Schema's and OpenAPI's formats; zod's own (`starts_with`, `regex`…) are dropped, their pattern stays. */
const KNOWN_FORMATS = new Set([
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "uri",
  "uri-reference",
  "uuid",
  "ipv4",
  "ipv6",
  "hostname",
  "int32",
  "int64",
  "binary",
]);

/** Renames object properties (and `required`) to snake_case, everywhere in a schema; drops unknown formats. */
function toWireSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toWireSchema);
  if (node === null || typeof node !== "object") return node;
  const schema = node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema") continue;
    if (key === "format" && typeof value === "string" && !KNOWN_FORMATS.has(value)) continue;
    if (key === "properties" && value && typeof value === "object" && !Array.isArray(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, child]) => [camelToSnake(name), toWireSchema(child)]),
      );
    } else if (key === "required" && Array.isArray(value)) {
      out.required = value.map((name) => camelToSnake(String(name)));
    } else {
      out[key] = toWireSchema(value);
    }
  }
  return out;
}

/** A zod schema as the wire sees it: requests as they are sent (`input`), replies as they are made (`output`). */
export function wireSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return toWireSchema(
    z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any", reused: "inline", cycles: "ref" }),
  ) as JsonSchema;
}

function isNonJson(reply: ApiReply): reply is NonJsonReply {
  return !(reply instanceof z.ZodType);
}

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const OAUTH_ERROR_REF = { $ref: "#/components/schemas/OAuthError" };

function parametersOf(schema: z.ZodType | undefined, location: "path" | "query"): JsonSchema[] {
  if (!schema) return [];
  const json = wireSchema(schema, "input");
  // A union of objects (no parameters, or these): every branch's parameters, required only when all require it.
  const branches = (Array.isArray(json.anyOf) ? json.anyOf : [json]) as JsonSchema[];
  const properties: Record<string, JsonSchema> = Object.assign(
    {},
    ...branches.map((branch) => (branch.properties ?? {}) as Record<string, JsonSchema>),
  );
  const requiredLists = branches.map((branch) => new Set((branch.required as string[] | undefined) ?? []));
  const required = new Set(Object.keys(properties).filter((name) => requiredLists.every((list) => list.has(name))));
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || required.has(name),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}

function replyObject(reply: ApiReply): JsonSchema {
  if (isNonJson(reply)) {
    if ("empty" in reply) return { description: reply.description };
    return {
      description: reply.description,
      content: {
        [reply.contentType]: {
          schema: { type: "string", ...(reply.contentType.startsWith("text/") ? {} : { format: "binary" }) },
        },
      },
    };
  }
  return { description: "Success", content: { "application/json": { schema: wireSchema(reply, "output") } } };
}

function operationObject(operationId: string, operation: ApiOperation): JsonSchema {
  const oauth = operation.route.path.startsWith("/oauth/");
  const responses: JsonSchema = {};
  for (const [status, reply] of Object.entries(operation.replies)) {
    if (reply) responses[status] = replyObject(reply);
  }
  const errorSchema = operation.errorReply ? wireSchema(operation.errorReply, "output") : ERROR_REF;
  responses["4XX"] = {
    description: oauth ? "Refused (RFC 6749 section 5.2)" : "Refused: the one error shape",
    content: { "application/json": { schema: oauth ? OAUTH_ERROR_REF : errorSchema } },
  };
  const parameters = [
    ...parametersOf(operation.params, "path"),
    ...parametersOf(operation.query, "query"),
    ...(operation.headers ?? []).map((header) => ({
      name: header.name,
      in: "header",
      required: header.required,
      description: header.description,
      schema: { type: "string" },
    })),
  ];
  const bodyType = operation.bodyType ?? "application/json";
  const requestBody = operation.body
    ? { required: true, content: { [bodyType]: { schema: wireSchema(operation.body, "input") } } }
    : bodyType === "application/offset+octet-stream"
      ? { required: true, content: { [bodyType]: { schema: { type: "string", format: "binary" } } } }
      : undefined;
  const needsToken =
    operation.access !== "public" &&
    operation.access !== "oauth_client" &&
    operation.access !== "paypal_signature" &&
    operation.access !== "stripe_signature";
  return {
    operationId,
    summary: operation.summary,
    tags: [operation.tag],
    "x-access": operation.access,
    ...(operation.access === "operator"
      ? { security: [{ operatorSession: [] }] }
      : needsToken
        ? { security: [{ bearer: [] }] }
        : { security: [] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Service: "Health and liveness of an instance",
  Auth: "Tokens: OAuth 2.0 password and refresh grants, revocation",
  Accounts: "Sign-up, e-mail confirmation, password reset, the signed-in customer",
  Discovery: "Home collections, search, design pages, artists' storefronts",
  Favourites: "Customers' named collections of favourite designs",
  Follows: "Artists a customer follows",
  Analytics: "Page and commerce events",
  Cart: "The shopping cart and its lines",
  Checkout: "Addresses, address verification, shipping option",
  Orders: "Placing, paying (card, PayPal) and reading orders",
  Studio: "The artists' storefront, designs, drafts, collections and sales",
  Uploads: "Resumable artwork uploads (tus 1.0.0)",
  Operators: "Operators' set-up and sign-in (password, then a TOTP or recovery code)",
  Admin: "The operators' console: every route needs the operator session cookie",
};

/** The whole description; `serverUrl` is the public origin. */
export function buildOpenApiDocument(options: { serverUrl: string; title: string; version: string }): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  const tags = new Set<string>();
  for (const [operationId, operation] of Object.entries(API_OPERATIONS)) {
    const { method, path } = operation.route;
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operationObject(operationId, operation);
    tags.add(operation.tag);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${options.title} API`,
      version: options.version,
      description:
        "The marketplace's HTTP API: JSON with snake_case names, resources in a JSON:API-like envelope. " +
        "Every refusal answers the one error shape. Tokens come from `POST /oauth/token`.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: options.serverUrl }],
    tags: [...tags].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An access token from /oauth/token" },
        operatorSession: {
          type: "apiKey",
          in: "cookie",
          name: OPERATOR_SESSION_COOKIE,
          description: "The operator session, set by POST /api/v1/operator_sign_in/second_factor",
        },
      },
      schemas: {
        Error: wireSchema(errorResponseSchema, "output"),
        OAuthError: wireSchema(oauthErrorReplySchema, "output"),
      },
    },
  };
}
