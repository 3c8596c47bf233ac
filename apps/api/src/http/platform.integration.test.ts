import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

describe("platform", () => {
  it("reports health with a database check", async () => {
    const response = await server.request("/healthz");
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("ok");
    expect(response.body.database.status).toBe("ok");
    expect(response.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });

  it("answers unknown API and OAuth paths with a JSON 404", async () => {
    for (const path of ["/api/v1/does-not-exist", "/api", "/oauth/unknown", "/api/v2/things?x=1"]) {
      const response = await server.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.body.error.code).toBe("not_found");
    }
    const post = await server.request("/api/v1/nothing", { method: "DELETE" });
    expect(post.status).toBe(404);
    expect(post.body.error.code).toBe("not_found");
  });

  it("rejects malformed JSON, wrong content types and oversize bodies with 4xx JSON", async () => {
    const malformed = await server.request("/api/v1/anything", {
      method: "POST",
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect([400, 404]).toContain(malformed.status);
    expect(malformed.body.error.code).toMatch(/malformed_json|not_found/);

    const huge = await server.request("/healthz", {
      method: "POST",
      rawBody: JSON.stringify({ data: "x".repeat(2_000_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });

  it("sets security headers with a strict content security policy", async () => {
    const response = await server.request("/healthz");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("unsafe-eval");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("compression", () => {
  it("compresses large JSON replies for clients that accept it, and not for those that do not", async () => {
    // Sixty unknown fields make a 422 whose details are well over the 1 KB threshold.
    const user = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`unknown_field_${index}`, "x"]));
    const init = { method: "POST", body: JSON.stringify({ user }), headers: { "content-type": "application/json" } };
    const compressed = await fetch(`${server.url}/api/v1/users`, {
      ...init,
      headers: { ...init.headers, "accept-encoding": "gzip" },
    });
    expect(compressed.status).toBe(422);
    expect(compressed.headers.get("content-encoding")).toBe("gzip");
    const body = (await compressed.json()) as { error: { details: unknown[] } };
    expect(body.error.details.length).toBeGreaterThan(50);
    const plain = await fetch(`${server.url}/api/v1/users`, {
      ...init,
      headers: { ...init.headers, "accept-encoding": "identity" },
    });
    expect(plain.headers.get("content-encoding")).toBeNull();
  });
});
