import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestServer, type TestServer } from "../../test/test-server.ts";

/** With PayPal's own API configured, its buttons (scripts, frames, calls, images and window) are allowed. */
describe("security headers with real PayPal", () => {
  let server: TestServer;
  let sandboxed: TestServer;

  beforeAll(async () => {
    server = await getTestServer({
      env: { PAYPAL_CLIENT_ID: "client-id-for-headers", PAYPAL_CLIENT_SECRET: "secret-for-headers" },
    });
    sandboxed = await getTestServer();
  });

  afterAll(async () => {
    await server.close();
    await sandboxed.close();
  });

  it("allows PayPal's origins and its checkout window, only when PayPal is configured", async () => {
    const withPayPal = await server.request("/api/v1/ping");
    const policy = withPayPal.headers.get("content-security-policy") ?? "";
    for (const directive of ["script-src", "connect-src", "frame-src", "img-src"]) {
      expect(policy).toMatch(new RegExp(`${directive} [^;]*https://\\*\\.paypal\\.com`));
    }
    expect(withPayPal.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");

    const offline = await sandboxed.request("/api/v1/ping");
    expect(offline.headers.get("content-security-policy")).not.toContain("paypal.com");
    expect(offline.headers.get("content-security-policy")).toContain("frame-src 'none'");
    expect(offline.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });
});
