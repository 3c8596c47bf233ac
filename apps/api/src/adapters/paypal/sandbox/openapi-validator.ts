/**
 * Checks a value against a schema of an OpenAPI 3 description, the subset of JSON Schema PayPal's descriptions
 * use: $ref (local), type, properties, required, enum, pattern, minLength/maxLength, minItems/maxItems,
 * minimum/maximum, items, allOf, anyOf, oneOf. `format` is not checked (PayPal's formats are its own names).
 * Strict: a property no schema names is refused as NOT_SUPPORTED, so a typo in our adapter's body fails a test
 * instead of being ignored. Issues use the names of PayPal's 400 answers (INVALID_STRING_LENGTH …).
 */

export type SchemaObject = {
  $ref?: string;
  type?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  items?: SchemaObject;
  allOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  additionalProperties?: boolean | SchemaObject;
};

export type OpenApiDescription = {
  components: { schemas: Record<string, SchemaObject>; parameters?: Record<string, { schema: SchemaObject }> };
};

export type SchemaIssue = {
  /** JSON pointer to the value, as PayPal's `details[].field` (e.g. /purchase_units/0/amount/value). */
  field: string;
  value?: string;
  issue:
    | "MISSING_REQUIRED_PARAMETER"
    | "INVALID_STRING_LENGTH"
    | "INVALID_PARAMETER_SYNTAX"
    | "INVALID_PARAMETER_VALUE"
    | "INVALID_ARRAY_MAX_ITEMS"
    | "INVALID_ARRAY_MIN_ITEMS"
    | "NOT_SUPPORTED";
  description: string;
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case "object":
      return isPlainObject(value);
    case "array":
      return Array.isArray(value);
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    default:
      return true;
  }
}

export function createOpenApiValidator(description: OpenApiDescription) {
  const patterns = new Map<string, RegExp>();

  function resolve(schema: SchemaObject): SchemaObject {
    let current = schema;
    const seen = new Set<string>();
    while (current.$ref) {
      const reference = current.$ref;
      if (seen.has(reference)) throw new Error(`Circular $ref ${reference}`);
      seen.add(reference);
      const name = reference.replace(/^#\/components\/schemas\//, "");
      const target = description.components.schemas[name];
      if (!target) throw new Error(`Unknown $ref ${reference}`);
      // Siblings of a $ref (readOnly, deprecated, format) only annotate; the target decides.
      current = target;
    }
    return current;
  }

  function regex(pattern: string): RegExp {
    let compiled = patterns.get(pattern);
    if (!compiled) {
      compiled = new RegExp(pattern);
      patterns.set(pattern, compiled);
    }
    return compiled;
  }

  /** Every property name a schema declares, through allOf (anyOf/oneOf branches are checked on their own). */
  function declaredProperties(schema: SchemaObject, into: Set<string>): Set<string> {
    const resolved = resolve(schema);
    for (const name of Object.keys(resolved.properties ?? {})) into.add(name);
    for (const part of resolved.allOf ?? []) declaredProperties(part, into);
    return into;
  }

  function allowsAnyProperty(schema: SchemaObject): boolean {
    const resolved = resolve(schema);
    if (resolved.additionalProperties === true || isPlainObject(resolved.additionalProperties)) return true;
    if ((resolved.anyOf ?? resolved.oneOf) !== undefined) return true;
    return (resolved.allOf ?? []).some(allowsAnyProperty);
  }

  function check(schema: SchemaObject, value: unknown, field: string, issues: SchemaIssue[], strict: boolean): void {
    const resolved = resolve(schema);
    const shown = typeof value === "string" ? value.slice(0, 100) : undefined;
    const type = resolved.type ?? (resolved.properties ? "object" : undefined);
    if (type && !typeMatches(type, value)) {
      issues.push({ field, value: shown, issue: "INVALID_PARAMETER_SYNTAX", description: `must be of type ${type}` });
      return;
    }
    if (resolved.enum && !resolved.enum.includes(value)) {
      issues.push({
        field,
        value: shown,
        issue: "INVALID_PARAMETER_VALUE",
        description: "is not one of the values allowed",
      });
    }
    if (typeof value === "string") {
      const length = [...value].length;
      if (
        (resolved.minLength !== undefined && length < resolved.minLength) ||
        (resolved.maxLength !== undefined && length > resolved.maxLength)
      ) {
        issues.push({
          field,
          value: shown,
          issue: "INVALID_STRING_LENGTH",
          description: `must be ${resolved.minLength ?? 0} to ${resolved.maxLength ?? "any number of"} characters long`,
        });
      }
      if (resolved.pattern !== undefined && !regex(resolved.pattern).test(value)) {
        issues.push({
          field,
          value: shown,
          issue: "INVALID_PARAMETER_SYNTAX",
          description: `must match ${resolved.pattern}`,
        });
      }
    }
    if (typeof value === "number") {
      if (
        (resolved.minimum !== undefined && value < resolved.minimum) ||
        (resolved.maximum !== undefined && value > resolved.maximum)
      ) {
        issues.push({ field, issue: "INVALID_PARAMETER_VALUE", description: "is out of range" });
      }
    }
    if (Array.isArray(value)) {
      if (resolved.minItems !== undefined && value.length < resolved.minItems) {
        issues.push({
          field,
          issue: "INVALID_ARRAY_MIN_ITEMS",
          description: `needs at least ${resolved.minItems} items`,
        });
      }
      if (resolved.maxItems !== undefined && value.length > resolved.maxItems) {
        issues.push({
          field,
          issue: "INVALID_ARRAY_MAX_ITEMS",
          description: `takes at most ${resolved.maxItems} items`,
        });
      }
      if (resolved.items) {
        const itemSchema = resolved.items;
        value.forEach((item, index) => {
          check(itemSchema, item, `${field}/${index}`, issues, strict);
        });
      }
    }
    if (isPlainObject(value)) {
      for (const name of resolved.required ?? []) {
        if (value[name] === undefined) {
          issues.push({ field: `${field}/${name}`, issue: "MISSING_REQUIRED_PARAMETER", description: "is required" });
        }
      }
      for (const [name, propertySchema] of Object.entries(resolved.properties ?? {})) {
        if (value[name] !== undefined) check(propertySchema, value[name], `${field}/${name}`, issues, strict);
      }
      if (strict && !allowsAnyProperty(resolved)) {
        const known = declaredProperties(resolved, new Set());
        for (const name of Object.keys(value)) {
          if (!known.has(name)) {
            issues.push({
              field: `${field}/${name}`,
              issue: "NOT_SUPPORTED",
              description: "is not a field of this object",
            });
          }
        }
      }
    }
    for (const part of resolved.allOf ?? []) check(part, value, field, issues, false);
    const branches = resolved.anyOf ?? resolved.oneOf;
    if (branches) {
      const matching = branches.filter((branch) => {
        const branchIssues: SchemaIssue[] = [];
        check(branch, value, field, branchIssues, strict);
        return branchIssues.length === 0;
      }).length;
      const fits = resolved.oneOf ? matching === 1 : matching > 0;
      if (!fits)
        issues.push({ field, issue: "INVALID_PARAMETER_SYNTAX", description: "fits none of the allowed shapes" });
    }
  }

  return {
    /** The issues of `value` against `#/components/schemas/<name>`; empty when it fits. */
    validateSchema(name: string, value: unknown): SchemaIssue[] {
      const schema = description.components.schemas[name];
      if (!schema) throw new Error(`The description has no schema ${name}`);
      const issues: SchemaIssue[] = [];
      check(schema, value, "", issues, true);
      return issues;
    },
    /** The issues of a header or path value against `#/components/parameters/<name>`. */
    validateParameter(name: string, value: string | undefined, field: string): SchemaIssue[] {
      const parameter = description.components.parameters?.[name];
      if (!parameter) throw new Error(`The description has no parameter ${name}`);
      if (value === undefined) return [];
      const issues: SchemaIssue[] = [];
      check(parameter.schema, value, field, issues, true);
      return issues;
    },
  };
}

export type OpenApiValidator = ReturnType<typeof createOpenApiValidator>;
