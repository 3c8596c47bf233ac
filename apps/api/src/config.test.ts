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
});
