import { describe, expect, it } from "vitest";
import { isDeadlock, retryOnDeadlock } from "./database-errors.ts";

/** A driver's error as drizzle wraps it: the PostgreSQL error is the cause. */
function wrapped(code: string): Error {
  return Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("database error"), { code }) });
}

describe("retryOnDeadlock", () => {
  it("runs a transaction chosen as a deadlock's victim again, and answers its result", async () => {
    let runs = 0;
    const result = await retryOnDeadlock(async () => {
      runs += 1;
      if (runs < 3) throw wrapped("40P01");
      return "done";
    });
    expect(result).toBe("done");
    expect(runs).toBe(3);
  });

  it("gives up after four runs, and never retries another error", async () => {
    let runs = 0;
    await expect(
      retryOnDeadlock(async () => {
        runs += 1;
        throw wrapped("40P01");
      }),
    ).rejects.toSatisfy(isDeadlock);
    expect(runs).toBe(4);
    runs = 0;
    await expect(
      retryOnDeadlock(async () => {
        runs += 1;
        throw wrapped("23505");
      }),
    ).rejects.toThrow("Failed query");
    expect(runs).toBe(1);
  });
});
