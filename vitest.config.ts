import os from "node:os";
import { defineConfig } from "vitest/config";

const exclude = ["**/node_modules/**", "**/dist/**", "e2e/**"];

/**
 * Integration files that use no database (adapters against local fakes, the heavy work pool, the PGlite thread
 * itself): the same on either database, so the PostgreSQL pass of `npm test` leaves them out
 * (TEST_DATABASE_INDEPENDENT_RAN=1, scripts/test.mjs) after the PGlite pass has run them (decision 063).
 */
const DATABASE_INDEPENDENT_FILES = [
  "apps/api/src/adapters/address/address-contract.integration.test.ts",
  "apps/api/src/adapters/analytics/analytics-contract.integration.test.ts",
  "apps/api/src/adapters/fulfilment/printful-contract.integration.test.ts",
  "apps/api/src/adapters/mail/mail-contract.integration.test.ts",
  "apps/api/src/adapters/storage/storage-contract.integration.test.ts",
  "apps/api/src/adapters/tax/tax-contract.integration.test.ts",
  "apps/api/src/db/pglite-thread.integration.test.ts",
  "apps/api/src/modules/uploads/normalise-in-pool.integration.test.ts",
];

/**
 * Test files at once. Vitest's default is one fewer than the cores: one file at a time on the 2-core machines
 * CI runs on, which left a core idle while a file waited on its server, its database thread or a child process
 * (decision 063). VITEST_MAX_WORKERS overrides it.
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism());

/**
 * Two projects: `unit` (pure functions, no I/O) and `integration` (the real HTTP server over a real
 * database). `npm test` runs both on PGlite, then `integration` again on PostgreSQL when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.ts", "apps/*/src/**/*.test.tsx"],
          exclude: [...exclude, "**/*.integration.test.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/api/**/*.integration.test.ts", "packages/*/src/**/*.integration.test.ts"],
          exclude: process.env.TEST_DATABASE_INDEPENDENT_RAN ? [...exclude, ...DATABASE_INDEPENDENT_FILES] : exclude,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: "forks",
          // A worker runs file after file without loading the server's modules again (about 2 s of imports per
          // file). Each file still has its own servers and its own database (decision 063).
          isolate: false,
          // Migrates once per run; every test file's database starts as a copy (apps/api/test/test-database.ts).
          // The heavy work child's entry point is bundled once per run as well (decision 056).
          globalSetup: ["apps/api/test/database-template.ts", "apps/api/test/heavy-worker-bundle.ts"],
          setupFiles: ["apps/api/test/remove-temporary-directories.ts"],
        },
      },
    ],
  },
});
