// Import boundaries, checked by `npm run check` (docs/architecture.md, "Placement rules").
// Tests may reach past a boundary to set up what they test; the rules apply to the code that ships.
const TESTS = "\\.test\\.tsx?$";

const fs = require("node:fs");
const path = require("node:path");

/**
 * The files of apps/api/src/adapters/<service>/ that anyone may import: the port (<service>.ts) and the
 * factory (create-<service>.ts). Read from the folder, so a new adapter is covered without editing this file.
 */
const ADAPTER_SERVICES = fs
  .readdirSync(path.join(__dirname, "apps/api/src/adapters"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const ADAPTER_PUBLIC_FILES = ADAPTER_SERVICES.map(
  (service) => `^apps/api/src/adapters/${service}/(create-)?${service}\\.ts$`,
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Import circles make load order fragile and hide which module owns what.",
      from: {},
      to: { circular: true },
    },
    {
      name: "web-features-stay-apart",
      severity: "error",
      comment: "A web feature never imports another feature; src/app composes them.",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-shared-code-never-imports-features",
      severity: "error",
      comment: "components/ and lib/ are shared by every feature, so they cannot depend on one.",
      from: { path: "^apps/web/src/(components|lib)/", pathNot: TESTS },
      to: { path: "^apps/web/src/(features|app|pages)/" },
    },
    {
      name: "web-features-never-import-app-or-pages",
      severity: "error",
      comment: "The dependency direction is shared -> features -> app/pages.",
      from: { path: "^apps/web/src/features/", pathNot: TESTS },
      to: { path: "^apps/web/src/(app|pages)/" },
    },
    {
      name: "api-modules-meet-through-public-files",
      severity: "error",
      comment:
        "Another module is reached through its services and queries, never its routes; the admin console's list of areas (modules/operators/admin-areas.ts) names every module's admin routes.",
      from: {
        path: "^apps/api/src/modules/([^/]+)/",
        pathNot: [TESTS, "^apps/api/src/modules/operators/admin-areas\\.ts$"],
      },
      to: { path: "^apps/api/src/modules/[^/]+/[^/]*routes\\.ts$", pathNot: "^apps/api/src/modules/$1/" },
    },
    {
      name: "adapters-are-chosen-by-their-factory",
      severity: "error",
      comment:
        "Only an adapter's create-<service>.ts picks an implementation (local-* or the vendor's); everything " +
        "else imports the port <service>.ts or the factory.",
      from: { path: "^apps/api/src/", pathNot: [TESTS, "^apps/api/src/adapters/[^/]+/create-[^/]+\\.ts$"] },
      to: {
        path: "^apps/api/src/adapters/([^/]+)/[^/]+\\.ts$",
        pathNot: [
          ...ADAPTER_PUBLIC_FILES,
          "^apps/api/src/adapters/mail/read-outbox\\.ts$",
          // The tax table is data, not an implementation (decision 059).
          "^apps/api/src/adapters/tax/sales-tax-table\\.ts$",
        ],
      },
    },
    {
      name: "lower-layers-never-reach-up",
      severity: "error",
      comment: "lib/, db/, adapters/ and jobs/ sit below the app: they never import context.ts, app.ts or a module.",
      from: { path: "^apps/api/src/(lib|db|adapters|jobs)/", pathNot: TESTS },
      to: { path: "^apps/api/src/(context|app|server)\\.ts$|^apps/api/src/modules/" },
    },
    {
      name: "contract-stands-alone",
      severity: "error",
      comment: "The contract is shared by both apps, so it imports neither.",
      from: { path: "^packages/contract/" },
      to: { path: "^apps/" },
    },
    {
      name: "paypal-sandbox-stands-alone",
      severity: "error",
      comment:
        "The PayPal sandbox is its own package (decision 066): what it needs of the API (the database, its URL, " +
        "the webhook id) comes in as parameters, never as imports. Its tests use the API's test server to set up.",
      from: { path: "^packages/paypal-sandbox/", pathNot: TESTS },
      to: { path: "^apps/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
