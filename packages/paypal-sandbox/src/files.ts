import { createRequire } from "node:module";
import path from "node:path";

/**
 * This package's folder, found by resolving its own name: from its sources (tests) and from the API's bundle
 * (apps/api/dist/main.js reaches it through node_modules/@threadfolk/paypal-sandbox) alike, so PayPal's
 * descriptions and the payer's scripts are read from the package wherever its code runs (decision 066).
 */
function packageFolder(): string {
  return path.dirname(createRequire(import.meta.url).resolve("@threadfolk/paypal-sandbox/package.json"));
}

/** A file of PayPal's published OpenAPI descriptions (subsets, Apache-2.0, see descriptions/NOTICE). */
export function descriptionPath(file: string): string {
  return path.join(packageFolder(), "descriptions", file);
}

/** A script the payer's browser loads from the sandbox (the JS SDK stand-in, the approval page's script). */
export function browserScriptPath(file: string): string {
  return path.join(packageFolder(), "browser", file);
}
