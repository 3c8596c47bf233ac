import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config.ts";

describe("S3 media storage configuration", () => {
  it("requires the access keys once a bucket is named", () => {
    expect(() => loadConfig({ S3_BUCKET: "threadfolk-media" })).toThrow(ConfigError);
    let problems: string[] = [];
    try {
      loadConfig({ S3_BUCKET: "threadfolk-media", S3_ACCESS_KEY_ID: "key" });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual(['S3_SECRET_ACCESS_KEY="": is required when S3_BUCKET is set']);
  });

  it("reads the S3 settings with defaults for region and addressing style", () => {
    const config = loadConfig({
      S3_BUCKET: "threadfolk-media",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config).toMatchObject({
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: true,
      S3_ENDPOINT: "http://127.0.0.1:9000",
    });
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(() => loadConfig({ S3_ENDPOINT: "ftp://x" })).toThrow(/S3_ENDPOINT/);
  });
});
