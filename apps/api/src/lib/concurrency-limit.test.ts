import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "./app-error.ts";
import { createConcurrencyLimit } from "./concurrency-limit.ts";
import { isHeavyWork } from "./heavy-work.ts";

afterEach(() => {
  vi.useRealTimers();
});

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("createConcurrencyLimit", () => {
  it("runs at most its number of tasks at once, the others in their order of arrival", async () => {
    const limit = createConcurrencyLimit({ concurrency: 2, queueTimeoutMs: 10_000, name: "search" });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      limit(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limit.stats()).toEqual({ active: 2, waiting: 2 });
    gates[1]?.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(limit.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it("answers 503 with Retry-After when a task waits longer than the timeout, and frees a failed task's slot", async () => {
    vi.useFakeTimers();
    const limit = createConcurrencyLimit({ concurrency: 1, queueTimeoutMs: 1500, name: "search" });
    const gate = deferred();
    const running = limit(() => gate.promise);
    const queued = limit(async () => "late");
    const outcome = queued.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1500);
    const error = await outcome;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(503);
    expect((error as AppError).headers).toEqual({ "Retry-After": "2" });
    expect(limit.stats()).toEqual({ active: 1, waiting: 0 });
    gate.resolve();
    await running;
    await expect(limit(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limit(async () => "next")).toBe("next");
    expect(limit.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it("runs its tasks as heavy work (the embedded database's heavy lane), and only them", async () => {
    const limit = createConcurrencyLimit({ concurrency: 1, queueTimeoutMs: 1000, name: "search" });
    const seen = await Promise.all([
      limit(async () => {
        await Promise.resolve();
        return isHeavyWork();
      }),
      limit(async () => isHeavyWork()),
    ]);
    expect(seen).toEqual([true, true]);
    expect(isHeavyWork()).toBe(false);
  });
});
