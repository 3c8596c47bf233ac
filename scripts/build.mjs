// Builds what is stale: the API bundle (esbuild) and the web app (Vite). `--api` or `--web` builds one.
import fs from "node:fs";
import path from "node:path";
import { ensureDependencies, hashInputs, log, ROOT, runOrFail } from "./lib.mjs";

const STAMP = ".build-stamp";

function isFresh(distDir, hash) {
  const stamp = path.join(ROOT, distDir, STAMP);
  return fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === hash;
}

function writeStamp(distDir, hash) {
  fs.writeFileSync(path.join(ROOT, distDir, STAMP), hash);
}

export async function buildApi({ force = false } = {}) {
  const hash = hashInputs([
    "apps/api/src",
    "apps/api/package.json",
    "packages/contract/src",
    "packages/paypal-sandbox/src",
    "packages/paypal-sandbox/package.json",
    "scripts/build.mjs",
  ]);
  if (!force && isFresh("apps/api/dist", hash)) return;
  log("Building the API server…");
  const { build } = await import(path.join(ROOT, "node_modules/esbuild/lib/main.js"));
  const readDependencies = (folder) =>
    Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, folder, "package.json"), "utf8")).dependencies ?? {});
  // Workspace packages are bundled (they are TypeScript sources); every other dependency, the API's own and those
  // of the workspace packages it bundles, stays external. A workspace package's files other than code (the PayPal
  // sandbox's descriptions and scripts) are read at run time from the package itself (decision 066).
  const apiDependencies = readDependencies("apps/api");
  const workspaceDependencies = apiDependencies
    .filter((name) => name.startsWith("@threadfolk/"))
    .flatMap((name) => readDependencies(`packages/${name.slice("@threadfolk/".length)}`));
  const external = [...new Set([...apiDependencies, ...workspaceDependencies])].filter(
    (name) => !name.startsWith("@threadfolk/"),
  );
  fs.rmSync(path.join(ROOT, "apps/api/dist"), { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(ROOT, "apps/api/src/main.ts"),
      migrate: path.join(ROOT, "apps/api/src/migrate.ts"),
      // The embedded database's thread (decision 047): its own file, which db/pglite-thread.ts starts.
      "pglite-worker": path.join(ROOT, "apps/api/src/db/pglite-worker.mjs"),
      // The heavy work child process (decision 056): its own file, which lib/heavy-pool.ts forks.
      "heavy-worker": path.join(ROOT, "apps/api/src/heavy-worker.ts"),
      ...(fs.existsSync(path.join(ROOT, "apps/api/src/cli"))
        ? Object.fromEntries(
            fs
              .readdirSync(path.join(ROOT, "apps/api/src/cli"))
              .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
              .map((file) => [file.replace(/\.ts$/, ""), path.join(ROOT, "apps/api/src/cli", file)]),
          )
        : {}),
    },
    outdir: path.join(ROOT, "apps/api/dist"),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: "warning",
  });
  writeStamp("apps/api/dist", hash);
}

export async function buildWeb({ force = false } = {}) {
  const hash = hashInputs([
    "apps/web/src",
    "apps/web/public",
    "apps/web/index.html",
    "apps/web/vite.config.ts",
    "apps/web/package.json",
    "packages/contract/src",
  ]);
  if (!force && isFresh("apps/web/dist", hash)) return;
  log("Building the web app…");
  await runOrFail("npx", ["vite", "build", "--logLevel", "warn"], { cwd: path.join(ROOT, "apps/web") });
  writeStamp("apps/web/dist", hash);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.slice(2);
  const force = only.includes("--force");
  await ensureDependencies();
  if (!only.includes("--web")) await buildApi({ force });
  if (!only.includes("--api")) await buildWeb({ force });
}
