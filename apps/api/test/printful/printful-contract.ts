import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { closedComponents } from "@threadfolk/paypal-sandbox/paypal-schemas";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

/**
 * Printful's published API v2 description (openapi-v2.json beside this file, a subset, MIT: see NOTICE and
 * LICENSE) compiled with Ajv and ajv-formats: the local Printful server checks every request it receives, every
 * reply it sends and every webhook it emits with these (decision 068).
 *
 * Objects are closed to the properties the description declares (closedComponents of the PayPal sandbox package): a field our
 * adapter misspells in a request, or one the local server would invent in a reply, is refused. Path and query
 * values are text on the wire: one made of digits is read as a number first (an order id is "an integer, or the
 * external id prefixed with @"). The list operations whose replies document `paging` and `_links.next` with
 * `limit` and `offset` in their links accept those two parameters even where the operation does not list them
 * (GET /v2/catalog-products/{id}/catalog-variants): that is how the description says to read the next page.
 */

type Json = Record<string, unknown>;
type Parameter = { in: "path" | "query" | "header"; name: string; required?: boolean; schema: Json };
type Operation = {
  operationId: string;
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { $ref: string };
  responses: Record<string, { $ref: string } | { content?: Record<string, { schema: Json }> }>;
};
type Description = {
  paths: Record<string, Record<string, Operation>>;
  "x-webhooks": Record<string, { post: { requestBody: { $ref: string } } }>;
  components: {
    schemas: Record<string, unknown>;
    parameters: Record<string, Parameter>;
    responses: Record<string, { content?: Record<string, { schema: Json }> }>;
    requestBodies: Record<string, { content: Record<string, { schema: Json }> }>;
  };
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const DESCRIPTION_ID = "https://threadfolk.invalid/printful/openapi-v2.json";

/** The operations the adapter calls, by method and path template. */
export const PRINTFUL_OPERATIONS = {
  createOrder: { method: "POST", template: "/v2/orders" },
  getOrder: { method: "GET", template: "/v2/orders/{order_id}" },
  confirmOrder: { method: "POST", template: "/v2/orders/{order_id}/confirmation" },
  getShipments: { method: "GET", template: "/v2/orders/{order_id}/shipments" },
  getOrderItems: { method: "GET", template: "/v2/orders/{order_id}/order-items" },
  getProductVariants: { method: "GET", template: "/v2/catalog-products/{id}/catalog-variants" },
} as const;
export type PrintfulOperationName = keyof typeof PRINTFUL_OPERATIONS;

/** The problems Ajv found, one line each ("/order_items/0 must NOT have additional properties (colour)"). */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const extra = error.keyword === "additionalProperties" ? ` (${String(error.params.additionalProperty)})` : "";
    return `${error.instancePath || "/"} ${error.message ?? error.keyword}${extra}`;
  });
}

export type PrintfulRequestParts = {
  pathParameters: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when the request had none. */
  body: unknown;
};

export type PrintfulContract = {
  /** Problems of a request to an operation: its path, query and header parameters and its body. */
  checkRequest(operation: PrintfulOperationName, request: PrintfulRequestParts): string[];
  /** Problems of a reply for its status (a status the operation does not document has none to check). */
  checkReply(operation: PrintfulOperationName, status: number, body: unknown): string[];
  /** Problems of a webhook event's body (`x-webhooks`). */
  checkWebhook(eventType: string, body: unknown): string[];
};

/** "123" -> 123: path and query values as the description's types read them. */
function typedValue(value: string): string | number {
  return /^-?\d{1,15}$/.test(value) ? Number(value) : value;
}

const lastSegment = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

/** Compiles the description once; the checks are then plain Ajv validations. */
export function loadPrintfulContract(): PrintfulContract {
  const description = JSON.parse(readFileSync(new URL("./openapi-v2.json", import.meta.url), "utf8")) as Description;
  const { components } = description;
  const parameterOf = (parameter: Parameter | { $ref: string }): Parameter =>
    "$ref" in parameter ? (components.parameters[lastSegment(parameter.$ref)] as Parameter) : parameter;
  const operationOf = (name: PrintfulOperationName): Operation => {
    const { method, template } = PRINTFUL_OPERATIONS[name];
    const operation = description.paths[template]?.[method.toLowerCase()];
    if (!operation) throw new Error(`The Printful description has no ${method} ${template}`);
    return operation;
  };
  const jsonSchemaOf = (holder: { content?: Record<string, { schema: Json }> } | undefined) =>
    holder?.content?.["application/json"]?.schema;

  // Inline request, reply and webhook schemas become components of their own, so that they are closed too.
  const schemas: Record<string, unknown> = { ...components.schemas };
  const replyStatuses = new Map<PrintfulOperationName, string[]>();
  /** Operations whose replies link to the next page (`?limit=…&offset=…`). */
  const pagesByLinks = new Set<PrintfulOperationName>();
  for (const name of Object.keys(PRINTFUL_OPERATIONS) as PrintfulOperationName[]) {
    const operation = operationOf(name);
    if (operation.requestBody) {
      schemas[`x-request-${name}`] = jsonSchemaOf(components.requestBodies[lastSegment(operation.requestBody.$ref)]);
    }
    const statuses: string[] = [];
    for (const [status, response] of Object.entries(operation.responses)) {
      const resolved = "$ref" in response ? components.responses[lastSegment(response.$ref)] : response;
      const schema = jsonSchemaOf(resolved);
      if (!schema) continue;
      schemas[`x-reply-${name}-${status}`] = schema;
      statuses.push(status);
    }
    replyStatuses.set(name, statuses);
    const links = (schemas[`x-reply-${name}-200`] as { properties?: { _links?: { properties?: Json } } } | undefined)
      ?.properties?._links?.properties;
    if (links?.next) pagesByLinks.add(name);
  }
  for (const [eventType, event] of Object.entries(description["x-webhooks"])) {
    schemas[`x-webhook-${eventType}`] = jsonSchemaOf(
      components.requestBodies[lastSegment(event.post.requestBody.$ref)],
    );
  }

  // Not strict: the description carries OpenAPI's own keywords (example, readOnly, discriminator) beside JSON
  // Schema's. Its `float` and `HateoasLink` formats say nothing a type does not; `URL` and `URI` are URIs.
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true, multipleOfPrecision: 6 }));
  ajv.addFormat("float", true);
  ajv.addFormat("HateoasLink", true);
  ajv.addFormat("URL", (value: string) => URL.canParse(value));
  ajv.addFormat("URI", (value: string) => URL.canParse(value));
  ajv.addSchema({ $id: DESCRIPTION_ID, components: closedComponents({ ...components, schemas }) });
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (schema: string): ValidateFunction => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DESCRIPTION_ID}#/components/schemas/${schema}` });
      compiled.set(schema, validate);
    }
    return validate;
  };
  const check = (validate: ValidateFunction, value: unknown): string[] =>
    validate(value) ? [] : describeErrors(validate.errors);

  const { Limit: LIMIT, Offset: OFFSET } = components.parameters as Record<"Limit" | "Offset", Parameter>;
  const parameterValidators = new Map<string, ValidateFunction>();
  const parametersOf = (name: PrintfulOperationName, place: Parameter["in"]): ValidateFunction => {
    const key = `${name} ${place}`;
    let validate = parameterValidators.get(key);
    if (validate) return validate;
    const operation = operationOf(name);
    const declared = (operation.parameters ?? []).map(parameterOf).filter((parameter) => parameter.in === place);
    const names = new Set(declared.map((parameter) => parameter.name));
    const paging = place === "query" && pagesByLinks.has(name) ? [LIMIT, OFFSET] : [];
    const parameters = [...declared, ...paging.filter((parameter) => !names.has(parameter.name))];
    // Header names are case-insensitive (Node lowercases them); other headers are not the description's business.
    const nameOf = (parameter: Parameter) => (place === "header" ? parameter.name.toLowerCase() : parameter.name);
    validate = ajv.compile({
      type: "object",
      properties: Object.fromEntries(parameters.map((parameter) => [nameOf(parameter), parameter.schema])),
      required: parameters.filter((parameter) => parameter.required).map(nameOf),
      additionalProperties: place === "header",
    });
    parameterValidators.set(key, validate);
    return validate;
  };

  return {
    checkRequest(name, request) {
      const operation = operationOf(name);
      const typed = (entries: Iterable<[string, string]>) =>
        Object.fromEntries([...entries].map(([key, value]) => [key, typedValue(value)]));
      const problems = [
        ...check(parametersOf(name, "path"), typed(Object.entries(request.pathParameters))),
        ...check(parametersOf(name, "query"), typed(request.query.entries())),
        ...check(parametersOf(name, "header"), request.headers),
      ];
      if (operation.requestBody) problems.push(...check(validatorOf(`x-request-${name}`), request.body));
      else if (request.body !== undefined) problems.push("/ the operation takes no body");
      return problems;
    },
    checkReply(name, status, body) {
      const statuses = replyStatuses.get(name) ?? [];
      const documented = statuses.find((key) => key === String(status) || key === `${String(status)[0]}XX`);
      return documented ? check(validatorOf(`x-reply-${name}-${documented}`), body) : [];
    },
    checkWebhook(eventType, body) {
      if (!description["x-webhooks"][eventType]) return [`/type ${eventType} is not a documented webhook event`];
      return check(validatorOf(`x-webhook-${eventType}`), body);
    },
  };
}
