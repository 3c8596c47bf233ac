import { readFileSync } from "node:fs";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { parse } from "yaml";

/**
 * UPS's published descriptions (AddressValidation.yaml and OAuthClientCredentials.yaml beside this file, MIT,
 * see LICENSE), read with a YAML parser and checked with Ajv: the local UPS server validates every request it
 * receives and every reply it sends with these (decision 059).
 *
 * The descriptions are OpenAPI 3.0 and use a few keywords the way UPS's XML heritage reads them, not as JSON
 * Schema does; they are read as their text says: `maximum` on an object or a string means "occurs once" and
 * is dropped; on an array (`AddressLine`: "maximum: 3, minLength: 1, maxLength: 100") it is the most items, and
 * the lengths are each item's. Objects are closed (`additionalProperties: false`): the description names every
 * field, and one it does not name is refused, as UPS refuses it.
 */

type Json = Record<string, unknown>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function readDescription(file: string): Json {
  return parse(readFileSync(new URL(file, import.meta.url), "utf8")) as Json;
}

/** A schema of the description in JSON Schema's reading (see above), recursively. */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (typeof node !== "object" || node === null) return node;
  const { xml: _xml, example: _example, examples: _examples, ...rest } = node as Json;
  const schema: Json = {};
  for (const [key, value] of Object.entries(rest)) {
    // `properties` maps names to schemas; its keys are field names, never keywords.
    schema[key] =
      key === "properties"
        ? Object.fromEntries(Object.entries(value as Json).map(([name, child]) => [name, asJsonSchema(child)]))
        : asJsonSchema(value);
  }
  if (schema.type === "array") {
    const { maximum, minLength, maxLength, ...array } = schema;
    const items = { ...((array.items as Json | undefined) ?? {}) };
    if (minLength !== undefined) items.minLength = minLength;
    if (maxLength !== undefined) items.maxLength = maxLength;
    return { ...array, ...(maximum !== undefined ? { maxItems: maximum } : {}), items };
  }
  if (schema.type === "object" || schema.type === "string") delete schema.maximum;
  if (schema.type === "object" && schema.properties && schema.additionalProperties === undefined) {
    schema.additionalProperties = false;
  }
  return schema;
}

type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Json }>;
  requestBody: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
};

/** The problems Ajv found, one line each ("/XAVRequest/AddressKeyFormat must NOT have additional properties"). */
export function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const extra = error.keyword === "additionalProperties" ? ` (${String(error.params.additionalProperty)})` : "";
    return `${error.instancePath || "/"} ${error.message ?? error.keyword}${extra}`;
  });
}

export type UpsContract = {
  /** Problems of an XAV request: its path and query parameters and its JSON body. */
  checkXavRequest(request: { version: string; requestOption: string; query: URLSearchParams; body: unknown }): string[];
  /** Problems of an XAV reply for its status (a status the description does not list has none to check). */
  checkXavReply(status: number, body: unknown): string[];
  /** Problems of a token request's form body. */
  checkTokenRequest(form: URLSearchParams): string[];
  /** Problems of a token reply for its status. */
  checkTokenReply(status: number, body: unknown): string[];
};

/** Compiles the two descriptions once; the checks are then plain Ajv validations. */
export function loadUpsContract(): UpsContract {
  const xav = readDescription("./AddressValidation.yaml");
  const oauth = readDescription("./OAuthClientCredentials.yaml");
  // Not strict: the descriptions carry OpenAPI's own keywords (description, default) beside JSON Schema's.
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true, coerceTypes: false }));
  ajv.addSchema({ $id: "ups-xav", components: asJsonSchema((xav as { components: Json }).components) });
  ajv.addSchema({ $id: "ups-oauth", components: asJsonSchema((oauth as { components: Json }).components) });
  const withDocument = (id: string, schema: Json): Json =>
    JSON.parse(JSON.stringify(asJsonSchema(schema)).replaceAll('"$ref":"#/', `"$ref":"${id}#/`)) as Json;

  const paths = (document: Json) => document.paths as Record<string, Record<string, Operation>>;
  const xavOperation = paths(xav)["/addressvalidation/{version}/{requestoption}"]?.post as Operation;
  const tokenOperation = paths(oauth)["/security/v1/oauth/token"]?.post as Operation;

  // Path and query values are text on the wire: an integer parameter is read as a number first.
  const parameterAjv = addFormats(new Ajv({ strict: false, allErrors: true, coerceTypes: true }));
  const compileParameters = (operation: Operation, place: "path" | "query") => {
    const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === place);
    return parameterAjv.compile({
      type: "object",
      properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, asJsonSchema(parameter.schema)])),
      required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      additionalProperties: false,
    });
  };
  const xavPath = compileParameters(xavOperation, "path");
  const xavQuery = compileParameters(xavOperation, "query");
  const xavBody = ajv.compile(
    withDocument("ups-xav", xavOperation.requestBody.content["application/json"]?.schema as Json),
  );
  const tokenForm = ajv.compile(
    withDocument("ups-oauth", tokenOperation.requestBody.content["application/x-www-form-urlencoded"]?.schema as Json),
  );

  const replyValidators = (id: string, operation: Operation) => {
    const validators = new Map<number, ValidateFunction>();
    for (const [status, response] of Object.entries(operation.responses)) {
      const schema = response.content?.["application/json"]?.schema;
      if (schema) validators.set(Number(status), ajv.compile(withDocument(id, schema)));
    }
    return (status: number, body: unknown): string[] => {
      const validate = validators.get(status);
      if (!validate) return [];
      return validate(body) ? [] : describeErrors(validate.errors);
    };
  };
  const checkXavReply = replyValidators("ups-xav", xavOperation);
  const checkTokenReply = replyValidators("ups-oauth", tokenOperation);

  const check = (validate: ValidateFunction, value: unknown): string[] =>
    validate(value) ? [] : describeErrors(validate.errors);

  return {
    checkXavRequest({ version, requestOption, query, body }) {
      return [
        ...check(xavPath, { version, requestoption: requestOption }),
        ...check(xavQuery, Object.fromEntries(query)),
        ...check(xavBody, body),
      ];
    },
    checkXavReply,
    checkTokenRequest: (form) => check(tokenForm, Object.fromEntries(form)),
    checkTokenReply,
  };
}
