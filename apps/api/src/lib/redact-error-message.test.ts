import { describe, expect, it } from "vitest";
import { REDACTED, redactErrorMessage } from "./redact-error-message.ts";

describe("redactErrorMessage", () => {
  it("cuts a failed query's parameters, however many lines they span", () => {
    const message =
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ada@example.com,$argon2id$v=19$m=19456\nmore';
    expect(redactErrorMessage(message)).toBe(
      `Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ${REDACTED}`,
    );
  });

  it("leaves other messages alone", () => {
    expect(redactErrorMessage("connect ECONNREFUSED 127.0.0.1:25")).toBe("connect ECONNREFUSED 127.0.0.1:25");
  });
});
