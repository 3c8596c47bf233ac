// `npm test`: installs what is missing, then runs every suite: unit and API integration on PGlite, the
// integration suite again on PostgreSQL when TEST_DATABASE_URL is set, then end-to-end in Chromium.
import fs from "node:fs";
import { buildApi, buildWeb } from "./build.mjs";
import { commandExists, ensureDependencies, fail, log, run } from "./lib.mjs";

const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
  Boolean,
);

function findChromium() {
  return CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

async function ensureChromium() {
  let chromium = findChromium();
  if (chromium) return chromium;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && commandExists("apt-get")) {
    log("Chromium is missing; installing Debian's chromium package with apt-get…");
    await run("apt-get", ["update", "-qq"]);
    await run("apt-get", ["install", "-y", "-qq", "chromium"], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    chromium = findChromium();
    if (chromium) return chromium;
  }
  fail(
    [
      "Chromium is required for the end-to-end tests and was not found (looked at: " +
        CHROMIUM_CANDIDATES.join(", ") +
        ").",
      "Fix: install it with `sudo apt-get install -y chromium` (Debian/Ubuntu),",
      "or point CHROMIUM_PATH at an installed Chromium or Chrome binary, then run `npm test` again.",
    ].join("\n"),
  );
}

await ensureDependencies();
const chromium = await ensureChromium();

function formatDuration(seconds) {
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

const runStartedAt = Date.now();
const results = [];
async function suite(name, command, args, env = {}) {
  log(`Running ${name}…`);
  const startedAt = Date.now();
  const code = await run(command, args, { env: { ...process.env, ...env } });
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  results.push({ name, ok: code === 0, seconds });
  log(`${name} ${code === 0 ? "passed" : "failed"} in ${formatDuration(seconds)}.`);
  return code === 0;
}

const { TEST_DATABASE_URL } = process.env;
// First pass on embedded PGlite: an empty TEST_DATABASE_URL makes the test helper use PGlite.
// Tests that need a PostgreSQL server (two app instances sharing one) skip in this pass when the next one runs them.
await suite("unit + integration (PGlite)", "npx", ["vitest", "run"], {
  TEST_DATABASE_URL: "",
  TEST_POSTGRES_PASS_FOLLOWS: TEST_DATABASE_URL ? "1" : "",
});

if (TEST_DATABASE_URL) {
  // The integration files that use no database ran in the first pass; they are the same on PostgreSQL.
  await suite("integration (PostgreSQL)", "npx", ["vitest", "run", "--project", "integration"], {
    TEST_DATABASE_URL,
    TEST_DATABASE_INDEPENDENT_RAN: "1",
  });
} else {
  log("TEST_DATABASE_URL is not set: the integration suite ran on PGlite only.");
}

await buildApi();
await buildWeb();
await suite("end-to-end (Chromium)", "npx", ["playwright", "test", "-c", "e2e/playwright.config.ts"], {
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
});

console.log("\nSummary:");
for (const result of results) {
  console.log(`  ${result.ok ? "✔" : "✘"} ${result.name} (${formatDuration(result.seconds)})`);
}
const failed = results.filter((result) => !result.ok).length;
const totalSeconds = Math.round((Date.now() - runStartedAt) / 1000);
console.log(`${results.length - failed} passed, ${failed} failed, in ${formatDuration(totalSeconds)}`);
process.exit(failed === 0 ? 0 : 1);
