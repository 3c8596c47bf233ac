import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { buildOpenApiDocument } from "../src/http/openapi.ts";

/**
 * Checks the integration tests' replies against the API's description (issue 26, decision 062): every reply that
 * `getTestServer().request()` receives from a described operation must match the schema of its status, and a
 * status the description does not list for it is a failure too. A mismatch throws, so the test that received it
 * fails with the path, the status and Ajv's findings.
 */

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Matcher = { pattern: RegExp; template: string; methods: Record<string, Operation> };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

let state: { matchers: Matcher[]; ajv: Ajv2020; document: ReturnType<typeof buildOpenApiDocument> } | undefined;
const validators = new Map<string, ValidateFunction>();

function load() {
  if (state) return state;
  const document = buildOpenApiDocument({ serverUrl: "http://localhost", title: "Test", version: "1.0.0" });
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  ajv.addSchema({ $id: "api", components: document.components } as object);
  const matchers = Object.entries(document.paths).map(([template, methods]) => ({
    template,
    methods: methods as Record<string, Operation>,
    pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[a-z_]+\}/g, "[^/]+")}$`),
  }));
  state = { matchers, ajv, document };
  return state;
}

/** Rewrites the description's local references to the schema registered as `api`. */
function withApiRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"api#/components/'));
}

export class ReplyContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReplyContractError";
  }
}

/** Throws when a reply breaks the description; replies of paths it does not describe are not its business. */
export function checkReplyAgainstDescription(reply: {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: unknown;
  text: string;
}): void {
  const { matchers, ajv } = load();
  const pathname = reply.path.split("?")[0] ?? "";
  const method = reply.method.toLowerCase();
  if (method === "head" || reply.status === 304) return;
  const matched = matchers.find((matcher) => matcher.pattern.test(pathname) && matcher.methods[method]);
  if (!matched) return;
  const operation = matched.methods[method] as Operation;
  const described =
    operation.responses[String(reply.status)] ?? (reply.status >= 400 ? operation.responses["4XX"] : undefined);
  const where = `${reply.method} ${matched.template} answered ${reply.status}`;
  // 5xx is never described: a test that provokes one on purpose (a processor outage) still gets the error shape.
  const chosen = described ?? (reply.status >= 500 ? operation.responses["4XX"] : undefined);
  if (!chosen) throw new ReplyContractError(`${where}, a status the API description does not list for it`);
  const jsonSchema = chosen.content?.["application/json"]?.schema;
  if (!jsonSchema) {
    if (chosen.content === undefined && reply.text.length > 0) {
      throw new ReplyContractError(`${where} with a body, where the description says there is none`);
    }
    return;
  }
  if (!reply.contentType.includes("json")) {
    throw new ReplyContractError(`${where} with ${reply.contentType || "no content type"}, not JSON`);
  }
  const key = `${method} ${matched.template} ${reply.status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(withApiRefs(jsonSchema) as object);
    validators.set(key, validate);
  }
  if (!validate(reply.body)) {
    const findings = (validate.errors ?? [])
      .slice(0, 8)
      .map((error) => `${error.instancePath || "(root)"} ${error.message ?? ""} ${JSON.stringify(error.params)}`)
      .join("; ");
    throw new ReplyContractError(`${where}; the reply does not match the API description: ${findings}`);
  }
}
