// Shared helpers of the start/test/build scripts. Plain Node, no dependencies: they run before `npm install`.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function log(message) {
  console.log(`\x1b[36m[threadfolk]\x1b[0m ${message}`);
}

export function fail(message) {
  console.error(`\n\x1b[31m[threadfolk] ${message}\x1b[0m\n`);
  process.exit(1);
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrFail(command, args, options = {}) {
  const code = await run(command, args, options);
  if (code !== 0) fail(`\`${command} ${args.join(" ")}\` failed with exit code ${code}.`);
}

/** Files under `directory` (recursively), skipping build output and dependencies. */
export function listFiles(directory) {
  const result = [];
  if (!fs.existsSync(directory)) return result;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    if (["node_modules", "dist", ".git", "test-results", "screenshots"].includes(entry.name)) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) result.push(...listFiles(full));
    else result.push(full);
  }
  return result;
}

/** A content hash of the given files and folders, to decide whether a build or install is stale. */
export function hashInputs(inputs) {
  const hash = createHash("sha256");
  for (const input of inputs) {
    const full = path.join(ROOT, input);
    const files = fs.existsSync(full) && fs.statSync(full).isDirectory() ? listFiles(full) : [full];
    for (const file of files.sort()) {
      if (!fs.existsSync(file)) continue;
      hash.update(path.relative(ROOT, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest("hex");
}

const INSTALL_STAMP = path.join(ROOT, "node_modules", ".threadfolk-install");

/** Installs dependencies when node_modules is missing or older than package-lock.json. */
export async function ensureDependencies() {
  const lockHash = hashInputs([
    "package.json",
    "package-lock.json",
    "apps/api/package.json",
    "apps/web/package.json",
    "packages/contract/package.json",
    "packages/paypal-sandbox/package.json",
    "e2e/package.json",
  ]);
  const current = fs.existsSync(INSTALL_STAMP) ? fs.readFileSync(INSTALL_STAMP, "utf8") : "";
  if (current === lockHash) return;
  log("Installing dependencies (npm install)…");
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
  // `npm install` rather than `npm ci`: npm 11 records platform-specific optional packages unevenly in the
  // lock file, which makes `npm ci` refuse it; install still honours the locked versions.
  const args = ["install", "--no-audit", "--no-fund"];
  const code = await run("npm", args, { env });
  if (code !== 0)
    fail("Installing dependencies failed. Check your network access to the npm registry, then run the command again.");
  fs.writeFileSync(INSTALL_STAMP, lockHash);
}

export function commandExists(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}
