import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-database.ts";
import { getTestServer, type TestServer } from "../../test/test-server.ts";

/** With an https PUBLIC_URL: plain HTTP is redirected (behind a trusted proxy) and HSTS is sent. */

let proxied: TestServer;
let direct: TestServer;

beforeAll(async () => {
  const database = await createTestDatabase();
  proxied = await getTestServer({ database, env: { PUBLIC_URL: "https://shop.example", TRUST_PROXY: "true" } });
  direct = await getTestServer({ database, env: { PUBLIC_URL: "https://shop.example" } });
});

afterAll(async () => {
  await Promise.all([proxied?.close(), direct?.close()]);
  await proxied?.database.close();
});

const send = (server: TestServer, path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { redirect: "manual", ...init });

describe("https only", () => {
  it("redirects what the proxy received over plain HTTP to the same path on PUBLIC_URL", async () => {
    const page = await send(proxied, "/results?query=cats&page=2", {
      headers: { "x-forwarded-proto": "http", host: "evil.example" },
    });
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe("https://shop.example/results?query=cats&page=2");
    const api = await send(proxied, "/api/v1/ping", { headers: { "x-forwarded-proto": "http" } });
    expect(api.status).toBe(301);
    expect(api.headers.get("location")).toBe("https://shop.example/api/v1/ping");
    // A write keeps its method and body on the way.
    const write = await send(proxied, "/oauth/token", {
      method: "POST",
      headers: { "x-forwarded-proto": "http", "content-type": "application/json" },
      body: "{}",
    });
    expect(write.status).toBe(308);
    expect(write.headers.get("location")).toBe("https://shop.example/oauth/token");
  });

  it("answers https requests, with Strict-Transport-Security, and requests without the proxy's header", async () => {
    const secure = await send(proxied, "/api/v1/ping", { headers: { "x-forwarded-proto": "https" } });
    expect(secure.status).toBe(200);
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    // A load balancer's health check reaches the instance directly.
    expect((await send(proxied, "/healthz")).status).toBe(200);
  });

  it("redirects nothing when it cannot tell plain requests apart (no TRUST_PROXY), and still sends HSTS", async () => {
    const response = await send(direct, "/api/v1/ping", { headers: { "x-forwarded-proto": "http" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });
});
