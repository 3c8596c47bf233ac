import { defineConfig } from "vitest/config";

const exclude = ["**/node_modules/**", "**/dist/**", "e2e/**"];

/**
 * Two projects: `unit` (pure functions, no I/O) and `integration` (the real HTTP server over a real
 * database). `npm test` runs both on PGlite, then `integration` again on PostgreSQL when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
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
          include: ["apps/api/**/*.integration.test.ts"],
          exclude,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: "forks",
          // Migrates once per run; every test file's database starts as a copy (apps/api/test/test-database.ts).
          // The heavy work child's entry point is bundled once per run as well (decision 056).
          globalSetup: ["apps/api/test/database-template.ts", "apps/api/test/heavy-worker-bundle.ts"],
          setupFiles: ["apps/api/test/remove-temporary-directories.ts"],
        },
      },
    ],
  },
});
