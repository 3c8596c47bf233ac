import { ANALYTICS_MAX_BATCH, ANALYTICS_MAX_BATCH_BYTES, analyticsBatchSchema } from "@threadfolk/contract/analytics";
import { toSnakeKeys } from "@threadfolk/contract/case";
import { describe, expect, it } from "vitest";
import {
  type AnalyticsEvent,
  type AnalyticsTransport,
  cleanProperties,
  createAnalyticsTracker,
  isAllowedEvent,
  MAX_SEND_ATTEMPTS,
} from "./analytics.ts";
import { ApiError } from "./api-client.ts";

type Sent = { events: AnalyticsEvent[]; keepalive: boolean };

/** A tracker over a recording transport and a manual scheduler (run the timer with `runTimer`). */
function setUp(answer: (call: number) => Promise<unknown> = () => Promise.resolve({ accepted: 1 })) {
  const sent: Sent[] = [];
  let timers: Array<{ run: () => void; delayMs: number; cancelled: boolean }> = [];
  const send: AnalyticsTransport = (events, { keepalive }) => {
    sent.push({ events, keepalive });
    return answer(sent.length);
  };
  let counter = 0;
  const tracker = createAnalyticsTracker({
    send,
    schedule: (run, delayMs) => {
      const timer = { run, delayMs, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    now: () => new Date("2026-05-01T10:00:00.000Z"),
    createEventId: () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`,
  });
  async function runTimer() {
    const due = timers.filter((timer) => !timer.cancelled);
    timers = [];
    for (const timer of due) timer.run();
    // Let the send promises and the flush's bookkeeping settle.
    for (let index = 0; index < 10; index++) await Promise.resolve();
  }
  return { tracker, sent, runTimer, pendingTimers: () => timers.filter((timer) => !timer.cancelled) };
}

describe("analytics tracker", () => {
  it("queues events and posts them together on the timer, in a body the server accepts", async () => {
    const { tracker, sent, runTimer } = setUp();
    tracker.track("Favorited Design", "Design Discovery", { designUuid: "abc", customerProfileDesignCollectionId: 4 });
    tracker.track("Unfavorited Design", "Design Discovery", { designUuid: "abc" });
    expect(sent).toHaveLength(0);
    await runTimer();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.keepalive).toBe(false);
    expect(sent[0]?.events.map((event) => event.name)).toEqual(["Favorited Design", "Unfavorited Design"]);
    expect(analyticsBatchSchema.safeParse({ events: sent[0]?.events }).success).toBe(true);
    expect(tracker.pendingCount()).toBe(0);
  });

  it("sends at most the batch limit per request", async () => {
    const { tracker, sent, runTimer } = setUp();
    for (let index = 0; index < ANALYTICS_MAX_BATCH + 7; index++) tracker.track("Clicked Search", "Design Discovery");
    await runTimer();
    expect(sent.map((call) => call.events.length)).toEqual([ANALYTICS_MAX_BATCH, 7]);
  });

  it("keeps every request body under the server's byte limit, however heavy the events", async () => {
    const { tracker, sent, runTimer } = setUp();
    const heavy = Object.fromEntries(Array.from({ length: 25 }, (_, index) => [`key${index}`, "v".repeat(400)]));
    for (let index = 0; index < 20; index++) tracker.track("Render Error", "Errors", heavy);
    await runTimer();
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.flatMap((call) => call.events)).toHaveLength(20);
    for (const call of sent) {
      expect(JSON.stringify(toSnakeKeys({ events: call.events })).length).toBeLessThan(ANALYTICS_MAX_BATCH_BYTES);
    }
  });

  it("drops events that are not on the allow-list instead of spoiling the batch", async () => {
    const { tracker, sent, runTimer } = setUp();
    // A cast stands for a JavaScript caller that the type checker cannot stop.
    tracker.track("Made Up" as never, "Design Discovery");
    tracker.track("Purchase" as never, "Design Discovery");
    tracker.track("Render Error", "Errors", { message: "boom" });
    await runTimer();
    expect(sent[0]?.events.map((event) => `${event.category}/${event.name}`)).toEqual(["Errors/Render Error"]);
  });

  it("retries a batch after a network failure, then gives up", async () => {
    const { tracker, sent, runTimer } = setUp(() => Promise.reject(new TypeError("Failed to fetch")));
    tracker.track("Followed Artist", "Design Discovery", { artistUuid: "x" });
    for (let attempt = 0; attempt < MAX_SEND_ATTEMPTS + 2; attempt++) await runTimer();
    expect(sent).toHaveLength(MAX_SEND_ATTEMPTS);
    // The same event id each time, so the server stores a retried event once.
    expect(new Set(sent.map((call) => call.events[0]?.eventId)).size).toBe(1);
    expect(tracker.pendingCount()).toBe(0);
  });

  it("does not resend a batch the server refused as invalid", async () => {
    const { tracker, sent, runTimer } = setUp(() =>
      Promise.reject(new ApiError({ status: 422, code: "validation_failed", message: "bad" })),
    );
    tracker.track("Clicked Search", "Design Discovery");
    await runTimer();
    await runTimer();
    expect(sent).toHaveLength(1);
    expect(tracker.pendingCount()).toBe(0);
  });

  it("hands everything to keepalive requests when the page is hidden, and cancels the timer", async () => {
    const { tracker, sent, pendingTimers } = setUp();
    tracker.track("Clicked Search", "Design Discovery");
    tracker.track("Favorited Design", "Design Discovery");
    expect(pendingTimers()).toHaveLength(1);
    tracker.flushBeforeUnload();
    expect(sent).toEqual([{ events: expect.any(Array), keepalive: true }]);
    expect(sent[0]?.events).toHaveLength(2);
    expect(pendingTimers()).toHaveLength(0);
  });

  it("never throws, even when the transport throws synchronously", () => {
    const tracker = createAnalyticsTracker({
      send: () => {
        throw new Error("no network");
      },
      schedule: (run) => {
        run();
        return () => {};
      },
    });
    expect(() => tracker.track("Clicked Search", "Design Discovery")).not.toThrow();
    expect(() => tracker.flushBeforeUnload()).not.toThrow();
  });
});

describe("cleanProperties", () => {
  it("keeps flat values, drops undefined and objects, cuts long strings", () => {
    const clean = cleanProperties({
      a: "x".repeat(600),
      b: 1,
      c: Number.NaN,
      d: true,
      e: null,
      f: undefined,
      g: { nested: 1 } as never,
    });
    expect(clean).toEqual({ a: "x".repeat(500), b: 1, c: null, d: true, e: null });
  });
});

describe("isAllowedEvent", () => {
  it("accepts only a name of its own category", () => {
    expect(isAllowedEvent("Favorited Design", "Design Discovery")).toBe(true);
    expect(isAllowedEvent("Favorited Design", "Errors")).toBe(false);
    expect(isAllowedEvent("toString", "constructor")).toBe(false);
  });
});
