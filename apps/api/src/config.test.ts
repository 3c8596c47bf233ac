import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("applies defaults and derives the support e-mail from PUBLIC_URL", () => {
    const config = loadConfig({ PUBLIC_URL: "https://shop.example.com/" });
    expect(config.PORT).toBe(3000);
    expect(config.BRAND_NAME).toBe("Threadfolk");
    expect(config.PUBLIC_URL).toBe("https://shop.example.com");
    expect(config.SUPPORT_EMAIL).toBe("support@shop.example.com");
  });

  it("lists every bad variable at once", () => {
    try {
      loadConfig({ PORT: "http", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("LOG_LEVEL");
    }
  });

  it("seeds the demo marketplace by default only into the embedded database, and never in production", () => {
    const postgres = "postgres://postgres@127.0.0.1:5432/shop";
    expect(loadConfig({ NODE_ENV: "development" }).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: "development", DATABASE_URL: postgres }).SEED_DEMO_DATA).toBe(false);
    expect(loadConfig({ NODE_ENV: "development", DATABASE_URL: postgres, SEED_DEMO_DATA: "true" }).SEED_DEMO_DATA).toBe(
      true,
    );
    expect(loadConfig({ NODE_ENV: "development", SEED_DEMO_DATA: "false" }).SEED_DEMO_DATA).toBe(false);
    // NODE_ENV defaults to production: a server started by hand seeds nothing unless told to.
    expect(loadConfig({}).NODE_ENV).toBe("production");
    expect(loadConfig({}).SEED_DEMO_DATA).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "production", SEED_DEMO_DATA: "true" })).toThrow(/SEED_DEMO_DATA/);
  });

  it("reads Printful's settings: a token needs the webhook secret, and the other way round", () => {
    expect(loadConfig({})).toMatchObject({
      PRINTFUL_API_BASE: "https://api.printful.com",
      PRINTFUL_TIMEOUT_MS: 15_000,
    });
    const secret = "a01376f30766acf7f706cc84beb57b79f9779e4a3e79d5519b3a9069c2156807";
    const config = loadConfig({
      PRINTFUL_API_TOKEN: "pf-token",
      PRINTFUL_WEBHOOK_SECRET: secret,
      PRINTFUL_STORE_ID: "123",
    });
    expect(config).toMatchObject({
      PRINTFUL_API_TOKEN: "pf-token",
      PRINTFUL_WEBHOOK_SECRET: secret,
      PRINTFUL_STORE_ID: "123",
    });
    expect(() => loadConfig({ PRINTFUL_API_TOKEN: "pf-token" })).toThrow(/PRINTFUL_WEBHOOK_SECRET/);
    expect(() => loadConfig({ PRINTFUL_WEBHOOK_SECRET: secret })).toThrow(/PRINTFUL_API_TOKEN/);
    expect(() => loadConfig({ PRINTFUL_STORE_ID: "my-store" })).toThrow(/PRINTFUL_STORE_ID/);
    expect(() => loadConfig({ PRINTFUL_API_BASE: "api.printful.com" })).toThrow(/PRINTFUL_API_BASE/);
  });
});
