import fs from "node:fs";
import path from "node:path";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { PAYPAL_SANDBOX_DESCRIPTIONS_FOLDER } from "../../../lib/paths.ts";

/**
 * PayPal's published OpenAPI descriptions (the subsets in this folder, Apache-2.0, see NOTICE) compiled with Ajv
 * and ajv-formats: request bodies, headers and replies are checked against the schemas PayPal publishes, by a
 * maintained JSON Schema validator. OpenAPI 3.0 schema objects are JSON Schema with a few annotations of their
 * own (readOnly, example, discriminator …), which Ajv ignores outside strict mode. PayPal's own format names
 * (ppaas_date_time_v3 …) are given the checks their descriptions document.
 */

export const PAYPAL_DESCRIPTIONS = {
  orders: "checkout-orders-v2.json",
  webhooks: "notifications-webhooks-v1.json",
  payments: "payments-payment-v2.json",
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
    document = JSON.parse(
      fs.readFileSync(path.join(PAYPAL_SANDBOX_DESCRIPTIONS_FOLDER, PAYPAL_DESCRIPTIONS[name]), "utf8"),
    ) as OpenApiDocument;
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
  /** The validator of an operation's reply body for a status (`default` when the status has none). */
  reply(description: PayPalDescriptionName, pathTemplate: string, method: string, status: number): ValidateFunction;
};

const idOf = (name: PayPalDescriptionName) => `https://threadfolk.invalid/paypal/${PAYPAL_DESCRIPTIONS[name]}`;

/** A schema fragment of a description, its local $refs made absolute so that it compiles on its own. */
function anchored(name: PayPalDescriptionName, fragment: unknown): Record<string, unknown> {
  const text = JSON.stringify(fragment).replaceAll('"$ref":"#/', `"$ref":"${idOf(name)}#/`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Compiles PayPal's descriptions once per Ajv instance; validators are compiled on first use and kept. */
export function createPayPalSchemas(): PayPalSchemas {
  // PayPal's patterns are written for non-Unicode regular expressions (an unescaped `]` in the e-mail one).
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true, unicodeRegExp: false });
  addFormats(ajv);
  for (const [format, pattern] of Object.entries(PAYPAL_FORMATS)) ajv.addFormat(format, pattern);
  for (const name of Object.keys(PAYPAL_DESCRIPTIONS) as PayPalDescriptionName[]) {
    // Only the components: the whole document is not a schema, and paths are reached through `reply`.
    ajv.addSchema({ $id: idOf(name), components: readPayPalDescription(name).components });
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
        let response = operation.responses?.[String(status)] ?? operation.responses?.default;
        if (response && "$ref" in response)
          response = document.components.responses?.[response.$ref.replace("#/components/responses/", "")];
        const schema = response?.content?.["application/json"]?.schema;
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
