import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STARTUP_TIMEOUT_MS = 120_000;

/** A port that is free right now on 127.0.0.1 (the OS picks it). */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The app exited with code ${child.exitCode} before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not answer ${url}/healthz within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Builds what is stale, then starts the app the way `npm start` does (node apps/api/dist/main.js) on a fresh
 * data directory and a random port. Returns the teardown that stops it and removes the data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD) {
    execFileSync(process.execPath, [path.join(ROOT, "scripts/build.mjs")], { cwd: ROOT, stdio: "inherit" });
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "threadfolk-e2e-"));
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const brandName = process.env.BRAND_NAME || "Threadfolk";
  // Operators can only be made by `operator:create` (decision 071), and the embedded database is the server's
  // alone once it runs: the specs' operators are made first, their set-up links kept for the specs to claim.
  createOperators({ dataDir, baseUrl });
  let log = "";
  const child = spawn(process.execPath, ["--enable-source-maps", path.join(ROOT, "apps/api/dist/main.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BRAND_NAME: brandName,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      // Uploads are processed and mockups rendered by background jobs, which wait for the next poll (2 s by
      // default): the specs that publish a design wait for them (decision 063).
      JOBS_POLL_INTERVAL_MS: "250",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 20_000) log = log.slice(-20_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  await warmHomePage(baseUrl);
  // Workers are started after global setup and inherit this variable (playwright.config.ts reads it).
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_BRAND_NAME = brandName;
  // The server's data directory: specs read confirmation and reset e-mails from its outbox folder.
  process.env.E2E_DATA_DIR = dataDir;
  return stop;
}

/** How many operators the specs can set up (e2e/admin.ts claims one per test). */
const OPERATORS = 40;

/**
 * Runs `operator:create` (its built script) for OPERATORS operators on the fresh data directory and keeps each
 * set-up link in a file of `<data>/e2e-operators/available/`, from which `e2e/admin.ts` claims them.
 */
function createOperators({ dataDir, baseUrl }: { dataDir: string; baseUrl: string }): void {
  const emails = Array.from({ length: OPERATORS }, (_, index) => `operator-${index + 1}@example.test`);
  const output = execFileSync(
    process.execPath,
    [path.join(ROOT, "apps/api/dist/operator-create.js"), ...emails.flatMap((email) => ["--email", email])],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "development", DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_URL: baseUrl },
      encoding: "utf8",
    },
  );
  const links = output.match(/^https?:\/\/\S+\/admin\/setup\?token=\S+$/gm) ?? [];
  if (links.length !== OPERATORS) throw new Error(`operator:create printed ${links.length} links:\n${output}`);
  const available = path.join(dataDir, "e2e-operators", "available");
  fs.mkdirSync(available, { recursive: true });
  fs.mkdirSync(path.join(dataDir, "e2e-operators", "claimed"), { recursive: true });
  links.forEach((link, index) => {
    fs.writeFileSync(
      path.join(available, `${String(index + 1).padStart(3, "0")}.json`),
      JSON.stringify({ email: emails[index], link }),
    );
  });
}

/**
 * A fresh server renders the home page's mockups on their first request, which makes the run's first pages (and
 * their guest token, asked for once a page is idle) seconds slower than every later one. The specs test the shop,
 * not that first start: fetch the home page's data and pictures once, four at a time, within a minute at most.
 */
async function warmHomePage(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  const mediaPaths = new Set<string>();
  for (const path of ["/api/v1/internal_design_collections", "/api/v1/carousels?location_code=front_page"]) {
    const text = await fetch(`${baseUrl}${path}`)
      .then((response) => response.text())
      .catch(() => "");
    for (const match of text.matchAll(/\/media\/[^"\s,]+/g)) mediaPaths.add(match[0]);
  }
  const queue = [...mediaPaths];
  const worker = async () => {
    for (let next = queue.shift(); next && Date.now() < deadline; next = queue.shift()) {
      await fetch(`${baseUrl}${next}`)
        .then((response) => response.arrayBuffer())
        .catch(() => undefined);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}
