import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NestingTooDeepError, toCamelKeys, toSnakeKeys } from "./case.ts";
import { MAX_NESTING_DEPTH } from "./limits.ts";
import { textSchema } from "./text.ts";
import { emailSchema, signUpSchema } from "./validation.ts";

describe("textSchema", () => {
  const schema = textSchema({ maxLength: 5, label: "name" });

  it("accepts strings up to the maximum length", () => {
    expect(schema.parse("abcde")).toBe("abcde");
    expect(schema.safeParse("abcdef").error?.issues[0]?.message).toBe("name must be at most 5 characters");
  });

  it("refuses NUL characters anywhere, which Postgres cannot store", () => {
    expect(schema.safeParse("a\u0000b").error?.issues[0]?.message).toBe("name must not contain NUL characters");
    expect(schema.safeParse("\u0000").success).toBe(false);
  });

  it("refuses lone UTF-16 surrogates, which have no UTF-8 form, and keeps well-formed pairs", () => {
    for (const text of ["\ud800", "a\udc00", "\udbffz", "😀\ud83d", "\ude00😀"]) {
      expect(schema.safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe(
        "name must be valid Unicode text",
      );
    }
    expect(schema.parse("a😀b")).toBe("a😀b");
    expect(schema.parse("\ufffd\uffff")).toBe("\ufffd\uffff");
  });

  it("trims before measuring when asked, and keeps chaining", () => {
    const trimmed = textSchema({ maxLength: 3, trim: true }).min(1, "required");
    expect(trimmed.parse("  abc  ")).toBe("abc");
    expect(trimmed.safeParse("   ").error?.issues[0]?.message).toBe("required");
  });

  it("bounds the e-mail at 254 characters and every sign-up name", () => {
    const local = "a".repeat(64);
    const longEmail = `${local}@${"b".repeat(200)}.com`;
    expect(emailSchema.safeParse(longEmail).error?.issues[0]?.message).toBe("Email must be at most 254 characters");
    const valid = {
      email: "ada@example.com",
      password: "s3cret-pass",
      confirmPassword: "s3cret-pass",
      firstName: "Ada",
      lastName: "Lovelace",
      username: "ada_l",
    };
    expect(signUpSchema.safeParse(valid).success).toBe(true);
    for (const field of ["firstName", "lastName"] as const) {
      expect(signUpSchema.safeParse({ ...valid, [field]: "x".repeat(51) }).success, field).toBe(false);
      expect(signUpSchema.safeParse({ ...valid, [field]: "A\u0000a" }).success, field).toBe(false);
    }
  });

  it("is what every string schema of the contract is built from", () => {
    // A string schema made another way would have no length limit and let NUL through: refuse it here.
    const directory = path.dirname(new URL(import.meta.url).pathname);
    const offenders: string[] = [];
    for (const file of fs.readdirSync(directory)) {
      // api-replies.ts describes what the server sends (the API description), not input it accepts.
      if (!file.endsWith(".ts") || file.endsWith(".test.ts") || file === "text.ts" || file === "api-replies.ts")
        continue;
      const source = fs.readFileSync(path.join(directory, file), "utf8");
      for (const match of source.matchAll(
        /z\s*\.\s*(string|email|uuid|guid|url|iso\s*\.\s*\w+|base64|cuid2?|ulid|nanoid|jwt|e164|ipv4|ipv6)\s*\(/g,
      )) {
        // Formats piped after the builder are fine: the builder has checked length and NUL first.
        const before = source.slice(0, match.index).replace(/\s+/g, "");
        if (!before.endsWith(".pipe(")) offenders.push(`${file}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe("case conversion depth", () => {
  const nest = (levels: number) => {
    let value: unknown = 1;
    for (let level = 0; level < levels; level++) value = level % 2 ? [value] : { some_key: value };
    return value;
  };

  it("converts values up to the nesting limit", () => {
    expect(() => toCamelKeys(nest(MAX_NESTING_DEPTH))).not.toThrow();
  });

  it("refuses deeper values before walking them, instead of overflowing the stack", () => {
    expect(() => toCamelKeys(nest(MAX_NESTING_DEPTH + 1))).toThrow(NestingTooDeepError);
    expect(() => toSnakeKeys(nest(100_000))).toThrow(NestingTooDeepError);
  });
});
