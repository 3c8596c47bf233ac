import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { closedComponents } from "@threadfolk/paypal-sandbox/paypal-schemas";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { describeErrors } from "../printful/printful-contract.ts";

/**
 * PayPal's published Payouts description (payments-payouts-batch-v1.json beside this file, Apache 2.0: see NOTICE
 * and LICENSE) compiled with Ajv and ajv-formats: the local Payouts server checks every request it receives and
 * every reply it sends with it (decision 073). Objects are closed to the properties the description declares, so a
 * field the adapter misspells, or one the server would invent, is refused.
 */

type Json = Record<string, unknown>;
type Parameter = { in: "path" | "query" | "header"; name: string; required?: boolean; schema: Json };
type Operation = {
  parameters?: Array<{ $ref: string }>;
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
};
type Description = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; parameters: Record<string, Parameter> };
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const DESCRIPTION_ID = "https://threadfolk.invalid/paypal/payments-payouts-batch-v1.json";

export const PAYOUTS_OPERATIONS = {
  createBatch: { method: "POST", template: "/v1/payments/payouts" },
  getBatch: { method: "GET", template: "/v1/payments/payouts/{id}" },
  getItem: { method: "GET", template: "/v1/payments/payouts-item/{payout_item_id}" },
  cancelItem: { method: "POST", template: "/v1/payments/payouts-item/{payout_item_id}/cancel" },
} as const;
export type PayoutsOperationName = keyof typeof PAYOUTS_OPERATIONS;

export type PayoutsRequestParts = {
  pathParameters: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
};

export type PayoutsContract = {
  checkRequest(operation: PayoutsOperationName, request: PayoutsRequestParts): string[];
  checkReply(operation: PayoutsOperationName, status: number, body: unknown): string[];
};

const lastSegment = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

/** Query values as the description types them ("2" -> 2, "true" -> true). */
function typedValue(value: string): string | number | boolean {
  if (/^-?\d{1,15}$/.test(value)) return Number(value);
  if (value === "true" || value === "false") return value === "true";
  return value;
}

export function loadPayoutsContract(): PayoutsContract {
  const description = JSON.parse(
    readFileSync(new URL("./payments-payouts-batch-v1.json", import.meta.url), "utf8"),
  ) as Description;
  const operationOf = (name: PayoutsOperationName): Operation => {
    const { method, template } = PAYOUTS_OPERATIONS[name];
    const operation = description.paths[template]?.[method.toLowerCase()];
    if (!operation) throw new Error(`The Payouts description has no ${method} ${template}`);
    return operation;
  };
  const schemas: Record<string, unknown> = { ...description.components.schemas };
  for (const name of Object.keys(PAYOUTS_OPERATIONS) as PayoutsOperationName[]) {
    const operation = operationOf(name);
    const body = operation.requestBody?.content["application/json"]?.schema;
    if (body) schemas[`x-request-${name}`] = body;
    for (const [status, response] of Object.entries(operation.responses)) {
      const schema = response.content?.["application/json"]?.schema;
      if (schema) schemas[`x-reply-${name}-${status}`] = schema;
    }
  }
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
  // A language tag (BCP 47), as PayPal names its own format; nothing the adapter sends.
  ajv.addFormat("ppaas_common_language_v3", true);
  ajv.addSchema({
    $id: DESCRIPTION_ID,
    components: closedComponents({ ...description.components, schemas } as never),
  });
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
  const parameterValidators = new Map<string, ValidateFunction>();
  const parametersOf = (name: PayoutsOperationName, place: Parameter["in"]): ValidateFunction => {
    const key = `${name} ${place}`;
    let validate = parameterValidators.get(key);
    if (validate) return validate;
    const parameters = (operationOf(name).parameters ?? [])
      .map((reference) => description.components.parameters[lastSegment(reference.$ref)] as Parameter)
      .filter((parameter) => parameter.in === place);
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
      const problems = [
        ...check(parametersOf(name, "path"), request.pathParameters),
        ...check(
          parametersOf(name, "query"),
          Object.fromEntries([...request.query.entries()].map(([key, value]) => [key, typedValue(value)])),
        ),
        ...check(parametersOf(name, "header"), request.headers),
      ];
      if (operationOf(name).requestBody) problems.push(...check(validatorOf(`x-request-${name}`), request.body));
      else if (request.body !== undefined) problems.push("/ the operation takes no body");
      return problems;
    },
    checkReply(name, status, body) {
      const statuses = Object.keys(operationOf(name).responses);
      const documented =
        statuses.find((key) => key === String(status)) ?? (statuses.includes("default") ? "default" : undefined);
      return documented ? check(validatorOf(`x-reply-${name}-${documented}`), body) : [];
    },
  };
}
