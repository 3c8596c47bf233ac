import type { FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import type { CardProcessor } from "../src/adapters/card/card.ts";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import type { AppContext } from "../src/context.ts";
import type { DatabaseHandle } from "../src/db/client.ts";
import type { RouteEntry } from "../src/http/route-table.ts";
import { checkReplyAgainstDescription } from "./reply-contract.ts";
import { createTemporaryDirectory } from "./temporary-directories.ts";
import { createTestDatabase } from "./test-database.ts";

export type TestServer = {
  url: string;
  app: FastifyInstance;
  context: AppContext;
  database: DatabaseHandle;
  config: Config;
  /** Every route the app registered (method and URL pattern), for tests that sweep them all. */
  routes: RouteEntry[];
  /** Sends a request to the real HTTP server; JSON bodies are encoded, JSON answers decoded. */
  request(path: string, init?: TestRequestInit): Promise<TestResponse>;
  close(): Promise<void>;
};

export type TestRequestInit = {
  method?: string;
  body?: unknown;
  /** Sent as is (no JSON encoding), for malformed-body tests. */
  rawBody?: string;
  headers?: Record<string, string>;
  token?: string;
};

export type TestResponse = {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected freely
  body: any;
  text: string;
};

/** Test configuration: quiet, on 127.0.0.1, no demo seed; override anything per suite. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    SEED_DEMO_DATA: "false",
    PUBLIC_URL: "http://localhost:3000",
    // Factories write designs straight to the database, without the catalogue generation bump of the real
    // write paths: suites that test the index turn it on (search-index.integration.test.ts).
    SEARCH_INDEX: "off",
    ...overrides,
    DATA_DIR: overrides.DATA_DIR ?? createTemporaryDirectory("threadfolk-test-"),
  });
}

/** The real HTTP server on a random port over a fresh database (see createTestDatabase). */
export async function getTestServer(
  options: {
    env?: Record<string, string>;
    database?: DatabaseHandle;
    /** Receives the server's JSON log lines (set LOG_LEVEL in env); no log at all without it. */
    logStream?: DestinationStream;
    /** Stands in for the configured card processor (e.g. one that loses its replies). */
    cardProcessor?: CardProcessor;
  } = {},
): Promise<TestServer> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase());
  const { app, context, routes } = await buildApp({
    config,
    database,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.cardProcessor ? { cardProcessor: options.cardProcessor } : {}),
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("test server has no port");
  const url = `http://127.0.0.1:${address.port}`;

  async function request(path: string, init: TestRequestInit = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined;
    if (init.rawBody !== undefined) body = init.rawBody;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers["content-type"] ??= "application/json";
    }
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await fetch(`${url}${path}`, { method: init.method ?? "GET", headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    const contentType = response.headers.get("content-type") ?? "";
    if (contentType.includes("json") && text) parsed = JSON.parse(text);
    checkReplyAgainstDescription({
      method: init.method ?? "GET",
      path,
      status: response.status,
      contentType,
      body: parsed,
      text,
    });
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  return {
    url,
    app,
    context,
    database,
    config,
    routes,
    request,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
