import { describe, expect, it } from "vitest";
import { REDACTED } from "../lib/redact-error-message.ts";
import { redactUrl, serializeError } from "./log-serializers.ts";

describe("redactUrl", () => {
  it("replaces the token segment of e-mail link routes, with or without a trailing slash or query", () => {
    expect(redactUrl("/reset-password/abc123")).toBe(`/reset-password/${REDACTED}`);
    expect(redactUrl("/confirm-email/abc123/")).toBe(`/confirm-email/${REDACTED}/`);
    expect(redactUrl("/confirm-email/abc123?utm_source=email")).toBe(`/confirm-email/${REDACTED}?utm_source=email`);
  });

  it("leaves other paths alone, including ones that only start like a token route", () => {
    expect(redactUrl("/design/6f1c/cat-tee/black")).toBe("/design/6f1c/cat-tee/black");
    expect(redactUrl("/reset-password/abc/extra")).toBe("/reset-password/abc/extra");
    expect(redactUrl("/api/v1/users/reset_password")).toBe("/api/v1/users/reset_password");
  });

  it("replaces secret query parameters and keeps the others", () => {
    expect(redactUrl("/media/a.webp?exp=1700000000&sig=Zm9v&v=2")).toBe(
      `/media/a.webp?exp=1700000000&sig=${REDACTED}&v=2`,
    );
    expect(redactUrl("/x?access_token=a&refresh_token=b&client_secret=c&password=d&query=shirts&page=2")).toBe(
      `/x?access_token=${REDACTED}&refresh_token=${REDACTED}&client_secret=${REDACTED}&password=${REDACTED}&query=shirts&page=2`,
    );
    expect(redactUrl("/x?resetPasswordToken=a&%74oken=b&flag")).toBe(
      `/x?resetPasswordToken=${REDACTED}&%74oken=${REDACTED}&flag`,
    );
  });
});

describe("serializeError", () => {
  function failedQuery() {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "c"'), {
      code: "23514",
      constraint: "c",
      table: "users",
      detail: "Failing row contains (1, someone@example.com, $argon2id$v=19$...).",
      where: "SQL statement with someone@example.com",
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into "users" values ($1, $2)\nparams: someone@example.com,multi\nline $argon2id$',
      ),
      {
        query: 'insert into "users" values ($1, $2)',
        params: ["someone@example.com", "multi\nline $argon2id$"],
        cause,
      },
    );
    return error;
  }

  it("keeps the query, code and constraint, and drops the parameters, detail and where", () => {
    const serialized = serializeError(failedQuery()) as Record<string, unknown> & { cause: Record<string, unknown> };
    const text = JSON.stringify(serialized);
    expect(text).not.toContain("someone@example.com");
    expect(text).not.toContain("argon2");
    expect(serialized.message).toBe(`Failed query: insert into "users" values ($1, $2)\nparams: ${REDACTED}`);
    expect(serialized.query).toBe('insert into "users" values ($1, $2)');
    expect(String(serialized.stack)).toMatch(
      /^Error: Failed query: insert into "users" values \(\$1, \$2\)\nparams: \[redacted\]\n\s+at /,
    );
    expect(serialized.cause).toMatchObject({ code: "23514", constraint: "c", table: "users" });
    expect(serialized.cause).not.toHaveProperty("detail");
  });

  it("passes through values that are not errors and stops at a cycle of causes", () => {
    expect(serializeError("plain")).toBe("plain");
    const looping = new Error("loop");
    looping.cause = looping;
    expect(JSON.stringify(serializeError(looping)).match(/"loop"/g)?.length).toBe(6);
  });
});
