import { EVERY_API } from "@threadfolk/contract/admin-api-paths";
import { routerPattern } from "@threadfolk/contract/api-paths";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkReplyAgainstDescription, ReplyContractError } from "../../test/reply-contract.ts";
import { getTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

/** Routes that are the API's (and so must be described): /api/v1, /oauth and the health check. */
function isDescribedSurface(url: string): boolean {
  if (url === "/api/openapi.json" || url.startsWith("/api/docs")) return false;
  return url.startsWith("/api/") || url.startsWith("/oauth/") || url === "/healthz";
}

describe("the API description (issue 26, decision 062)", () => {
  it("is served as OpenAPI 3.1 and names every operation", async () => {
    const response = await server.request("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe("3.1.0");
    // The description's own keys are not converted to snake_case like the API's replies.
    expect(response.body.paths["/api/v1/orders/{order_number}"].get.operationId).toBe("order");
    expect(
      response.body.paths["/api/v1/shopping_cart"].get.responses["200"].content["application/json"].schema.properties
        .data.properties.attributes.properties,
    ).toHaveProperty("shopping_cart_count");
    const operationCount = Object.values(response.body.paths as Record<string, object>).reduce(
      (count, methods) => count + Object.keys(methods).length,
      0,
    );
    expect(operationCount).toBe(Object.keys(EVERY_API).length);
  });

  it("describes every registered API route, and registers every described one", () => {
    const registered = new Set(
      server.routes
        .filter((route) => route.method !== "HEAD" && isDescribedSurface(route.url))
        .map((route) => `${route.method} ${route.url}`),
    );
    const described = new Set(Object.values(EVERY_API).map((route) => `${route.method} ${routerPattern(route.path)}`));
    expect([...registered].filter((route) => !described.has(route))).toEqual([]);
    expect([...described].filter((route) => !registered.has(route))).toEqual([]);
  });

  it("is browsable at /api/docs with the viewer's own files, loaded only there", async () => {
    const page = await server.request("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text).toContain("/api/docs/assets/swagger-ui-bundle.js");
    const script = await server.request("/api/docs/assets/swagger-ui-bundle.js");
    expect(script.status).toBe(200);
    const start = await server.request("/api/docs/start.js");
    expect(start.text).toContain("/api/openapi.json");
    // Nothing but the viewer's assets is served from its folder.
    expect((await server.request("/api/docs/assets/package.json")).status).toBe(404);
  });

  it("answers 405 with Allow for a known path asked with another method", async () => {
    const cart = await server.request("/api/v1/shopping_cart", { method: "DELETE" });
    expect(cart.status).toBe(405);
    expect(cart.headers.get("allow")).toBe("GET, HEAD");
    expect(cart.body.error.code).toBe("method_not_allowed");
    const line = await server.request("/api/v1/order_line_items/12", { method: "GET" });
    expect(line.status).toBe(405);
    expect(line.headers.get("allow")).toBe("DELETE, PUT");
    // An unknown path stays a 404.
    expect((await server.request("/api/v1/no_such_thing", { method: "DELETE" })).status).toBe(404);
  });

  it("fails a reply that breaks its schema, and a status it does not list", () => {
    const reply = { method: "GET", path: "/api/v1/ping", contentType: "application/json", text: "{}" };
    expect(() => checkReplyAgainstDescription({ ...reply, status: 200, body: { status: "ok" } })).not.toThrow();
    expect(() => checkReplyAgainstDescription({ ...reply, status: 200, body: { status: "fine" } })).toThrow(
      ReplyContractError,
    );
    expect(() => checkReplyAgainstDescription({ ...reply, status: 200, body: { status: "ok", extra: 1 } })).toThrow(
      ReplyContractError,
    );
    expect(() => checkReplyAgainstDescription({ ...reply, status: 201, body: { status: "ok" } })).toThrow(
      /does not list/,
    );
    const refusal = { error: { code: "not_found", message: "No such thing" } };
    expect(() => checkReplyAgainstDescription({ ...reply, status: 404, body: refusal })).not.toThrow();
    expect(() => checkReplyAgainstDescription({ ...reply, status: 404, body: { message: "?" } })).toThrow(
      ReplyContractError,
    );
  });
});
