import { describe, expect, it } from "vitest";
import { readAppConfig, socialLinks } from "./config.ts";

function documentWith(content: string | null): Document {
  return {
    querySelector: () => (content === null ? null : { getAttribute: () => content }),
  } as unknown as Document;
}

describe("readAppConfig", () => {
  it("reads every key from the meta tag", () => {
    const config = readAppConfig(
      documentWith(
        JSON.stringify({
          brandName: "Inkwell",
          supportEmail: "help@inkwell.test",
          publicUrl: "https://inkwell.test/",
          oauthClientId: "inkwell-web",
          oauthClientSecret: "s3cret-s3cret-s3cret",
        }),
      ),
    );
    expect(config).toEqual({
      brandName: "Inkwell",
      supportEmail: "help@inkwell.test",
      publicUrl: "https://inkwell.test",
      oauthClientId: "inkwell-web",
      oauthClientSecret: "s3cret-s3cret-s3cret",
    });
  });

  it("falls back to defaults when the tag is missing, malformed or partial", () => {
    expect(readAppConfig(documentWith(null)).brandName).toBe("Threadfolk");
    expect(readAppConfig(documentWith("{not json")).brandName).toBe("Threadfolk");
    const partial = readAppConfig(documentWith(JSON.stringify({ brandName: "", supportEmail: "a@b.test" })));
    expect(partial.brandName).toBe("Threadfolk");
    expect(partial.supportEmail).toBe("a@b.test");
  });
});

describe("socialLinks", () => {
  it("derives the handle from the brand name", () => {
    expect(socialLinks("Thread Folk!").map((link) => link.href)).toEqual([
      "https://www.facebook.com/threadfolk",
      "https://www.instagram.com/threadfolk",
      "https://twitter.com/threadfolk",
      "https://www.pinterest.com/threadfolk",
    ]);
  });
});
