// Global setup of the integration project (vitest.config.ts): bundles the heavy work child's entry point
// (src/heavy-worker.ts, decision 056) once per run, as the build does, so that test servers fork plain
// JavaScript instead of compiling TypeScript in every child (seconds each on a busy machine). The servers'
// pools find it through HEAVY_WORKER_SCRIPT; it is removed when the run ends.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export default async function bundleHeavyWorker(): Promise<() => void> {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "apps/api/package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith("@threadfolk/"));
  // Inside node_modules, so that the bundle's external packages (sharp) resolve from the repository's.
  const folder = fs.mkdtempSync(path.join(ROOT, "node_modules", ".threadfolk-heavy-worker-"));
  const outfile = path.join(folder, "heavy-worker.mjs");
  await build({
    entryPoints: [path.join(ROOT, "apps/api/src/heavy-worker.ts")],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    external: [...external, ...external.map((name) => `${name}/*`)],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: "warning",
  });
  process.env.HEAVY_WORKER_SCRIPT = outfile;
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
