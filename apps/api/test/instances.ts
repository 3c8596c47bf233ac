import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestRequestInit, TestResponse } from "./test-server.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const STARTUP_TIMEOUT_MS = 90_000;

/** The header that sends one request through the proxy to a given instance (0, 1, …) instead of the next one. */
export const INSTANCE_HEADER = "x-test-instance";

/** A port that is free right now on 127.0.0.1 (the OS picks it). */
export function findFreePort(): Promise<number> {
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

/** Builds the API bundle when it is stale (what `npm start` runs). */
export function buildApiBundle(): void {
  execFileSync(process.execPath, [path.join(ROOT, "scripts/build.mjs"), "--api"], { cwd: ROOT, stdio: "inherit" });
}

export type AppInstance = {
  url: string;
  /** The instance's log so far (JSON lines). */
  log(): string;
  stop(): Promise<void>;
};

/** Starts one app process as `npm start` does (node apps/api/dist/main.js) on `port`, and waits for /healthz. */
export async function startAppInstance(options: { port: number; env: Record<string, string> }): Promise<AppInstance> {
  const url = `http://127.0.0.1:${options.port}`;
  let log = "";
  const child: ChildProcess = spawn(
    process.execPath,
    ["--enable-source-maps", path.join(ROOT, "apps/api/dist/main.js")],
    {
      cwd: ROOT,
      env: { ...process.env, ...options.env, HOST: "127.0.0.1", PORT: String(options.port), LOG_FORMAT: "json" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-200_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`an app instance exited with code ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`an app instance did not answer /healthz in time:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, log: () => log, stop };
}

export type RoundRobinProxy = {
  url: string;
  /** How many requests each instance received. */
  served: number[];
  close(): Promise<void>;
};

/**
 * A small load balancer on 127.0.0.1: each request goes to the next instance in turn, or to the one named by
 * INSTANCE_HEADER; bodies are streamed both ways, as a balancer without sticky sessions does.
 */
export async function startRoundRobinProxy(port: number, targets: () => string[]): Promise<RoundRobinProxy> {
  const served: number[] = [];
  let next = 0;
  const server = http.createServer((request, response) => {
    const upstreams = targets();
    const pinned = request.headers[INSTANCE_HEADER];
    const index = pinned !== undefined ? Number(pinned) : next++ % upstreams.length;
    served[index] = (served[index] ?? 0) + 1;
    const target = new URL(upstreams[index] ?? "");
    const headers: http.OutgoingHttpHeaders = { ...request.headers };
    delete headers[INSTANCE_HEADER];
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request through the proxy (to instance `instance` when given), shaped as TestServer.request answers. */
export async function requestThrough(
  baseUrl: string,
  requestPath: string,
  init: TestRequestInit & { instance?: number } = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.instance !== undefined) headers[INSTANCE_HEADER] = String(init.instance);
  let body: string | undefined;
  if (init.rawBody !== undefined) body = init.rawBody;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${baseUrl}${requestPath}`, { method: init.method ?? "GET", headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed, text };
}
