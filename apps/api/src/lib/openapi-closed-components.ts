type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const mapValues = (object: Json, map: (value: unknown) => unknown) =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));
const SCHEMA_REF = "#/components/schemas/";

/**
 * An OpenAPI description's components with every object schema closed to the properties it declares (its own and
 * those of its allOf parts), so that a property the vendor's schema does not name is refused instead of ignored: a
 * typo in our adapter's body fails a test (the PayPal sandbox, the local Printful server). An object that allows
 * other properties (additionalProperties, anyOf, oneOf) stays open. A schema used as an allOf part is open (its
 * whole decides), so each component exists twice: closed under `schemas` (where it is used on its own) and open
 * under `openSchemas` (where an allOf names it).
 */
export function closedComponents(components: { schemas: Record<string, unknown> }): Json {
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
