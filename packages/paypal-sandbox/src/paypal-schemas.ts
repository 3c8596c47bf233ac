import fs from "node:fs";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { descriptionPath } from "./files.ts";

/**
 * PayPal's published OpenAPI descriptions (the subsets in descriptions/, Apache-2.0, see its NOTICE) compiled with Ajv
 * and ajv-formats: request bodies, headers and replies are checked against the schemas PayPal publishes, by a
 * maintained JSON Schema validator. OpenAPI 3.0 schema objects are JSON Schema with a few annotations of their
 * own (readOnly, example, discriminator …), which Ajv ignores outside strict mode. PayPal's own format names
 * (ppaas_date_time_v3 …) are given the checks their descriptions document.
 */

export const PAYPAL_DESCRIPTIONS = {
  orders: "checkout-orders-v2.json",
  webhooks: "notifications-webhooks-v1.json",
  payments: "payments-payment-v2.json",
  tracking: "shipping-shipment-tracking-v1.json",
} as const;

export type PayPalDescriptionName = keyof typeof PAYPAL_DESCRIPTIONS;

type OpenApiOperation = {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> } | { $ref: string }>;
};
type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, unknown>;
    parameters?: Record<string, { name: string; in: string; schema: unknown }>;
    responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  };
};

/** PayPal's payer and account ids: 13 characters of its base-32 alphabet (no 0, 1, I or O). */
export const PAYPAL_PAYER_ID_PATTERN = /^[2-9A-HJ-NP-Z]{13}$/;

/** PayPal's own format names and what each documents (the rest are JSON Schema's, from ajv-formats). */
const PAYPAL_FORMATS: Record<string, RegExp> = {
  ppaas_date_time_v3:
    /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])[T,t]([0-1][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)([.][0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$/,
  ppaas_date_notime_v2: /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])$/,
  ppaas_payer_id_v3: PAYPAL_PAYER_ID_PATTERN,
  ppaas_common_country_code_v2: /^([A-Z]{2}|C2)$/,
  ppaas_common_currency_code_v2: /^[A-Z]{3}$/,
  ppaas_common_language_v3: /^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?$/,
  ppaas_common_email_address_v2: /^.+@[^"-].+$/,
  merchant_common_email_address_v2: /^.+@[^"-].+$/,
  ppaas_ip_address_v1: /^[0-9a-fA-F:.]{2,39}$/,
  payer_v1: /^.*$/,
};

const documents = new Map<PayPalDescriptionName, OpenApiDocument>();

export function readPayPalDescription(name: PayPalDescriptionName): OpenApiDocument {
  let document = documents.get(name);
  if (!document) {
    document = JSON.parse(fs.readFileSync(descriptionPath(PAYPAL_DESCRIPTIONS[name]), "utf8")) as OpenApiDocument;
    documents.set(name, document);
  }
  return document;
}

/** A problem Ajv found, with the value's place as a JSON pointer (PayPal's `details[].field`). */
export type SchemaError = ErrorObject;

export type PayPalSchemas = {
  /** The validator of `#/components/schemas/<schema>` of a description. */
  schema(description: PayPalDescriptionName, schema: string): ValidateFunction;
  /** The validator of a header or path parameter `#/components/parameters/<parameter>`. */
  parameter(description: PayPalDescriptionName, parameter: string): ValidateFunction;
  /** The validator of an operation's reply body for a status (`default`'s when the status documents no body). */
  reply(description: PayPalDescriptionName, pathTemplate: string, method: string, status: number): ValidateFunction;
};

const idOf = (name: PayPalDescriptionName) => `https://threadfolk.invalid/paypal/${PAYPAL_DESCRIPTIONS[name]}`;

/** A schema fragment of a description, its local $refs made absolute so that it compiles on its own. */
function anchored(name: PayPalDescriptionName, fragment: unknown): Record<string, unknown> {
  const text = JSON.stringify(fragment).replaceAll('"$ref":"#/', `"$ref":"${idOf(name)}#/`);
  return JSON.parse(text) as Record<string, unknown>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const mapValues = (object: Json, map: (value: unknown) => unknown) =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));
const SCHEMA_REF = "#/components/schemas/";

/**
 * The component schemas with every object closed to the properties it declares (its own and those of its allOf
 * parts), so that a property PayPal's schema does not name is refused (NOT_SUPPORTED) instead of ignored: a typo
 * in our adapter's body fails a test. An object that allows other properties (additionalProperties, anyOf,
 * oneOf) stays open. A schema used as an allOf part is open (its whole decides), so each component exists twice:
 * closed under `schemas` (where it is used on its own) and open under `openSchemas` (where an allOf names it).
 */
export function closedComponents(components: OpenApiDocument["components"]): Json {
  const original = components.schemas as Record<string, Json>;
  const resolve = (schema: Json): Json => {
    let current = schema;
    const seen = new Set<string>();
    while (typeof current.$ref === "string" && current.$ref.startsWith(SCHEMA_REF) && !seen.has(current.$ref)) {
      seen.add(current.$ref);
      current = original[current.$ref.slice(SCHEMA_REF.length)] ?? {};
    }
    return current;
  };
  const declared = (schema: Json, into: Set<string>): Set<string> => {
    const resolved = resolve(schema);
    for (const name of Object.keys(isObject(resolved.properties) ? resolved.properties : {})) into.add(name);
    for (const part of Array.isArray(resolved.allOf) ? resolved.allOf : []) if (isObject(part)) declared(part, into);
    return into;
  };
  const allowsOthers = (schema: Json): boolean => {
    const resolved = resolve(schema);
    if (resolved.additionalProperties === true || isObject(resolved.additionalProperties)) return true;
    if (resolved.anyOf !== undefined || resolved.oneOf !== undefined) return true;
    return (Array.isArray(resolved.allOf) ? resolved.allOf : []).some((part) => isObject(part) && allowsOthers(part));
  };
  const transform = (node: unknown, asPart: boolean): unknown => {
    if (!isObject(node)) return node;
    if (typeof node.$ref === "string") {
      if (!asPart || !node.$ref.startsWith(SCHEMA_REF)) return node;
      return { ...node, $ref: `#/components/openSchemas/${node.$ref.slice(SCHEMA_REF.length)}` };
    }
    const out: Json = { ...node };
    if (isObject(node.properties)) out.properties = mapValues(node.properties, (value) => transform(value, false));
    if (isObject(node.items)) out.items = transform(node.items, false);
    if (isObject(node.additionalProperties)) out.additionalProperties = transform(node.additionalProperties, false);
    if (isObject(node.not)) out.not = transform(node.not, false);
    if (Array.isArray(node.allOf)) out.allOf = node.allOf.map((part) => transform(part, true));
    if (Array.isArray(node.anyOf)) out.anyOf = node.anyOf.map((branch) => transform(branch, false));
    if (Array.isArray(node.oneOf)) out.oneOf = node.oneOf.map((branch) => transform(branch, false));
    if (!asPart && (node.properties !== undefined || node.allOf !== undefined) && !allowsOthers(node)) {
      const inherited = Object.fromEntries([...declared(node, new Set())].map((name) => [name, {}]));
      out.properties = { ...inherited, ...(isObject(out.properties) ? out.properties : {}) };
      out.additionalProperties = false;
    }
    return out;
  };
  return {
    ...components,
    schemas: mapValues(original, (schema) => transform(schema, false)),
    openSchemas: mapValues(original, (schema) => transform(schema, true)),
  };
}

export type PayPalSchemasOptions = {
  /**
   * Refuse properties a schema does not declare (the sandbox's requests: a typo fails a test). Off by default:
   * PayPal's schemas as published, for checking replies, which may carry fields the subsets leave out.
   */
  closed?: boolean;
};

/**
 * Compiles PayPal's descriptions with Ajv's default draft (07): the descriptions are OpenAPI 3.0.3, whose schema
 * objects are draft-04/05 JSON Schema, and the keywords they use (no exclusiveMinimum/Maximum, no `id`) mean the
 * same in draft 07. Each validator is compiled on first use and kept: nothing is compiled when the sandbox starts.
 */
export function createPayPalSchemas(options: PayPalSchemasOptions = {}): PayPalSchemas {
  // PayPal's patterns are written for non-Unicode regular expressions (an unescaped `]` in the e-mail one).
  // verbose: each error carries the value it refused (PayPal's `details[].value`).
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true, unicodeRegExp: false, verbose: true });
  addFormats(ajv);
  for (const [format, pattern] of Object.entries(PAYPAL_FORMATS)) ajv.addFormat(format, pattern);
  for (const name of Object.keys(PAYPAL_DESCRIPTIONS) as PayPalDescriptionName[]) {
    // Only the components: the whole document is not a schema, and paths are reached through `reply`.
    const components = readPayPalDescription(name).components;
    ajv.addSchema({ $id: idOf(name), components: options.closed ? closedComponents(components) : components });
  }
  const compiled = new Map<string, ValidateFunction>();
  const cached = (key: string, build: () => ValidateFunction) => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = build();
      compiled.set(key, validate);
    }
    return validate;
  };
  return {
    schema(description, schema) {
      return cached(`${description}:schema:${schema}`, () => {
        if (!readPayPalDescription(description).components.schemas[schema])
          throw new Error(`${PAYPAL_DESCRIPTIONS[description]} has no schema ${schema}`);
        return ajv.compile({ $ref: `${idOf(description)}#/components/schemas/${schema}` });
      });
    },
    parameter(description, parameter) {
      return cached(`${description}:parameter:${parameter}`, () => {
        const found = readPayPalDescription(description).components.parameters?.[parameter];
        if (!found) throw new Error(`${PAYPAL_DESCRIPTIONS[description]} has no parameter ${parameter}`);
        return ajv.compile(anchored(description, found.schema));
      });
    },
    reply(description, pathTemplate, method, status) {
      return cached(`${description}:reply:${method}:${pathTemplate}:${status}`, () => {
        const document = readPayPalDescription(description);
        const operation = document.paths[pathTemplate]?.[method.toLowerCase()];
        if (!operation) throw new Error(`${PAYPAL_DESCRIPTIONS[description]} has no ${method} ${pathTemplate}`);
        const resolve = (found: (typeof operation.responses & {})[string] | undefined) =>
          found && "$ref" in found
            ? document.components.responses?.[found.$ref.replace("#/components/responses/", "")]
            : found;
        // A status listed without a body (Shipment Tracking lists 400, 403, 404 and 500 so) has its `default`'s.
        const schema =
          resolve(operation.responses?.[String(status)])?.content?.["application/json"]?.schema ??
          resolve(operation.responses?.default)?.content?.["application/json"]?.schema;
        if (!schema) throw new Error(`${method} ${pathTemplate} documents no JSON reply for ${status}`);
        return ajv.compile(anchored(description, schema));
      });
    },
  };
}

/** Ajv's errors in one line each (`/amount/value must match pattern …`), for test failures and logs. */
export function describeSchemaErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`);
}

/** An entry of PayPal's `details` in an error body. */
export type PayPalIssue = {
  /** A JSON pointer into the body (/purchase_units/0/amount/value), or the header's or path parameter's name. */
  field?: string;
  value?: string;
  location?: "body" | "path" | "query";
  issue: string;
  description: string;
};

/** The issue PayPal names (its 400 answers) for what each JSON Schema keyword checks. */
const ISSUE_OF_KEYWORD: Record<string, string> = {
  required: "MISSING_REQUIRED_PARAMETER",
  additionalProperties: "NOT_SUPPORTED",
  type: "INVALID_PARAMETER_SYNTAX",
  pattern: "INVALID_PARAMETER_SYNTAX",
  format: "INVALID_PARAMETER_SYNTAX",
  anyOf: "INVALID_PARAMETER_SYNTAX",
  oneOf: "INVALID_PARAMETER_SYNTAX",
  enum: "INVALID_PARAMETER_VALUE",
  const: "INVALID_PARAMETER_VALUE",
  minimum: "INVALID_PARAMETER_VALUE",
  maximum: "INVALID_PARAMETER_VALUE",
  minLength: "INVALID_STRING_LENGTH",
  maxLength: "INVALID_STRING_LENGTH",
  minItems: "INVALID_ARRAY_MIN_ITEMS",
  maxItems: "INVALID_ARRAY_MAX_ITEMS",
};

/** Ajv's messages name the parent object for these; PayPal's field is the property itself. */
const MESSAGES: Record<string, string> = {
  required: "is required",
  additionalProperties: "is not a field of this object",
};

/**
 * Ajv's errors as PayPal's `details`: one issue per field and kind. Inside a value that fits none of the shapes
 * an anyOf/oneOf allows, only that is said (each branch's own complaints would name fields of shapes not chosen).
 * `field` names a header or path parameter instead of a body pointer; `location` is PayPal's (body, path, query).
 */
export function toPayPalIssues(
  errors: readonly ErrorObject[] | null | undefined,
  place: { field?: string; location?: PayPalIssue["location"] } = { location: "body" },
): PayPalIssue[] {
  const list = errors ?? [];
  const shapeless = list
    .filter((error) => error.keyword === "anyOf" || error.keyword === "oneOf")
    .map((error) => error.instancePath);
  const issues = new Map<string, PayPalIssue>();
  for (const error of list) {
    const inShapeless = shapeless.some((at) => error.instancePath === at || error.instancePath.startsWith(`${at}/`));
    if (inShapeless && error.keyword !== "anyOf" && error.keyword !== "oneOf") continue;
    const issue = ISSUE_OF_KEYWORD[error.keyword] ?? "INVALID_PARAMETER_VALUE";
    const params = error.params as { missingProperty?: string; additionalProperty?: string };
    const child = params.missingProperty ?? params.additionalProperty;
    const pointer = child === undefined ? error.instancePath : `${error.instancePath}/${child}`;
    const field = place.field ?? pointer;
    const value = child === undefined && typeof error.data === "string" ? error.data.slice(0, 100) : undefined;
    const key = `${field} ${issue}`;
    if (issues.has(key)) continue;
    issues.set(key, {
      field,
      ...(value === undefined ? {} : { value }),
      ...(place.location ? { location: place.location } : {}),
      issue,
      description: `${pointer || "/"} ${MESSAGES[error.keyword] ?? error.message ?? error.keyword}`,
    });
  }
  return [...issues.values()];
}

/**
 * The issues an operation's error reply documents for a status, each with its documented description (PayPal's
 * descriptions list them as `details.items.anyOf`, one shape per issue, its description an enum of one text;
 * undefined when the description gives none).
 */
export function documentedIssues(
  description: PayPalDescriptionName,
  pathTemplate: string,
  method: string,
  status: number,
): Map<string, string | undefined> {
  const key = `${description} ${method.toLowerCase()} ${pathTemplate} ${status}`;
  let found = documentedIssueCache.get(key);
  if (found) return found;
  found = new Map();
  const document = readPayPalDescription(description);
  const operation = document.paths[pathTemplate]?.[method.toLowerCase()];
  let response = operation?.responses?.[String(status)];
  if (response && "$ref" in response)
    response = document.components.responses?.[response.$ref.replace("#/components/responses/", "")];
  const schema = response?.content?.["application/json"]?.schema as Json | undefined;
  const parts = [schema, ...(Array.isArray(schema?.allOf) ? schema.allOf : [])];
  for (const part of parts) {
    if (!isObject(part)) continue;
    const resolved =
      typeof part.$ref === "string" && part.$ref.startsWith(SCHEMA_REF)
        ? (document.components.schemas[part.$ref.slice(SCHEMA_REF.length)] as Json | undefined)
        : part;
    const details = isObject(resolved?.properties) ? resolved.properties.details : undefined;
    const items = isObject(details) && isObject(details.items) ? details.items.anyOf : undefined;
    for (const shape of Array.isArray(items) ? items : []) {
      const properties = isObject(shape) && isObject(shape.properties) ? shape.properties : {};
      const issue =
        isObject(properties.issue) && Array.isArray(properties.issue.enum) ? properties.issue.enum[0] : undefined;
      const text =
        isObject(properties.description) && Array.isArray(properties.description.enum)
          ? properties.description.enum[0]
          : undefined;
      if (typeof issue === "string") found.set(issue, typeof text === "string" ? text : undefined);
    }
  }
  documentedIssueCache.set(key, found);
  return found;
}

const documentedIssueCache = new Map<string, Map<string, string | undefined>>();

let requestSchemas: PayPalSchemas | undefined;

/**
 * The sandbox's validators of requests (closed objects), one set per process, made on first use; each operation's
 * validators are compiled the first time a request of it arrives (Orders' create takes about 0.2 s), then kept.
 */
export function paypalRequestSchemas(): PayPalSchemas {
  requestSchemas ??= createPayPalSchemas({ closed: true });
  return requestSchemas;
}

/** The request schemas and parameters the sandbox checks, by description. */
const SANDBOX_REQUESTS: Array<[PayPalDescriptionName, "schema" | "parameter", string]> = [
  ["orders", "schema", "order_request"],
  ["orders", "schema", "order_capture_request"],
  ["orders", "parameter", "id"],
  ["orders", "parameter", "paypal_request_id"],
  ["orders", "parameter", "paypal_partner_attribution_id"],
  ["orders", "parameter", "paypal_client_metadata_id"],
  ["orders", "parameter", "paypal_auth_assertion"],
  ["orders", "parameter", "prefer"],
  ["payments", "schema", "refund_request"],
  ["payments", "parameter", "paypal_request_id"],
  ["payments", "parameter", "paypal_auth_assertion"],
  ["payments", "parameter", "prefer"],
  ["webhooks", "schema", "verify_webhook_signature"],
  ["tracking", "schema", "tracker_collection"],
  ["tracking", "schema", "tracker"],
  ["tracking", "parameter", "id"],
];

/**
 * Compiles now what the sandbox would compile on its first requests (about 0.5 s of CPU, most of it Orders'
 * create). Tests call it before their first request so that the compile does not count against the adapter's
 * timeout on a busy machine; the app does not (its first PayPal order pays it once).
 */
export function prepareRequestSchemas(): void {
  const schemas = paypalRequestSchemas();
  for (const [description, kind, name] of SANDBOX_REQUESTS) schemas[kind](description, name);
}
