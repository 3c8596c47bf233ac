import { ANALYTICS_MAX_BATCH_BYTES } from "@threadfolk/contract/analytics";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser } from "../../../test/factories/users.ts";
import { type LocalGa4Endpoint, startGa4Endpoint } from "../../../test/ga4-endpoint.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { analyticsEvents, jobs } from "../../db/schema/index.ts";

/** A local stand-in for GA4's collection endpoint (records every request, answers with the status set). */
let tracker: LocalGa4Endpoint;

let forwarding: TestServer;
let plain: TestServer;

beforeAll(async () => {
  tracker = await startGa4Endpoint();
  forwarding = await getTestServer({
    env: {
      ANALYTICS_GA4_MEASUREMENT_ID: "G-TEST12345",
      ANALYTICS_GA4_API_SECRET: "local-test-secret",
      ANALYTICS_GA4_ENDPOINT: tracker.url,
    },
  });
  plain = await getTestServer();
});

afterAll(async () => {
  await forwarding.close();
  await plain.close();
  await tracker.close();
});

function event(overrides: Record<string, unknown> = {}) {
  return {
    event_id: crypto.randomUUID(),
    name: "Favorited Design",
    category: "Design Discovery",
    properties: { design_uuid: crypto.randomUUID(), collection_name: "Favorites", price_cents: 2499 },
    occurred_at: new Date(Date.now() - 5000).toISOString(),
    ...overrides,
  };
}

function postEvents(server: TestServer, token: string | undefined, events: unknown) {
  return server.request("/api/v1/analytics_events", { method: "POST", token, body: { events } });
}

async function storedEvents(server: TestServer, eventId: string) {
  return server.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, eventId));
}

/** The job that forwards the stored event with the client's `eventId` (undefined when none was queued). */
async function forwardJobOf(server: TestServer, eventId: string) {
  const [event] = await storedEvents(server, eventId);
  if (!event) return undefined;
  const [job] = await server.database.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, "forward_analytics_events"),
        sql`${jobs.payload}->'eventIds' @> ${JSON.stringify([event.id])}::jsonb`,
      ),
    );
  return job;
}

describe("recording events", () => {
  it("stores a guest's batch with the guest and session from the token, and answers 202", async () => {
    const guest = (await obtainGuestTokens(plain)).access_token;
    const first = event();
    const second = event({ name: "Page View", category: "Navigation", properties: { path: "/results" } });
    const response = await postEvents(plain, guest, [first, second]);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ accepted: 2, stored: 2 });
    const [row] = await storedEvents(plain, first.event_id);
    expect(row).toMatchObject({
      name: "Favorited Design",
      category: "Design Discovery",
      userId: null,
      guestId: expect.any(String),
      sessionId: expect.any(String),
    });
    // No tracker is configured: nothing is queued for forwarding.
    expect(await forwardJobOf(plain, first.event_id)).toBeUndefined();
    expect(row?.properties).toEqual({
      designUuid: first.properties.design_uuid,
      collectionName: "Favorites",
      priceCents: 2499,
    });
    expect(row?.occurredAt.toISOString()).toBe(first.occurred_at);
    // A retried batch is stored once.
    const retry = await postEvents(plain, guest, [first]);
    expect(retry.body).toEqual({ accepted: 1, stored: 0 });
    expect(await storedEvents(plain, first.event_id)).toHaveLength(1);
  });

  it("records the signed-in user, and moves events from the future to the time they arrived", async () => {
    const user = await createTestUser(plain.database.db);
    const { access_token: token } = await signIn(plain, user.email, user.password);
    const future = event({ name: "Unfavorited Design", occurred_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await postEvents(plain, token, [future])).status).toBe(202);
    const [row] = await storedEvents(plain, future.event_id);
    expect(row?.userId).toBe(user.id);
    expect(row?.occurredAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("refuses unknown events, mismatched categories, bad fields and batches over 50 (422), and missing tokens (401)", async () => {
    const guest = (await obtainGuestTokens(plain)).access_token;
    const cases: Array<[unknown, string]> = [
      [[event({ name: "Bought Yacht" })], "events.0.name"],
      [[event({ category: "Checkout Flow" })], "events.0.name"],
      [[event({ category: "Marketing" })], "events.0.category"],
      [[event({ occurred_at: "yesterday" })], "events.0.occurred_at"],
      [[event({ properties: { nested: { deep: true } } })], "events.0.properties.nested"],
      [[event({ surprise: 1 })], "events.0.surprise"],
      [[], "events"],
      [Array.from({ length: 51 }, () => event()), "events"],
    ];
    for (const [events, field] of cases) {
      const response = await postEvents(plain, guest, events);
      expect(response.status, field).toBe(422);
      expect(response.body.error.code).toBe("validation_failed");
      expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    expect(
      (
        await postEvents(
          plain,
          guest,
          Array.from({ length: 50 }, () => event()),
        )
      ).status,
    ).toBe(202);
    expect((await postEvents(plain, undefined, [event()])).status).toBe(401);
    expect((await postEvents(plain, "not-a-token", [event()])).status).toBe(401);
  });
});

describe("forwarding to GA4", () => {
  it("sends nothing when no tracker is configured", async () => {
    const guest = (await obtainGuestTokens(plain)).access_token;
    tracker.received.length = 0;
    await postEvents(plain, guest, [event()]);
    expect(plain.context.analytics).toBeUndefined();
    expect(await plain.context.jobs.processDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tracker.received).toEqual([]);
  });

  it("forwards stored events with the Measurement Protocol after storing them, once", async () => {
    tracker.received.length = 0;
    tracker.status = 204;
    const user = await createTestUser(forwarding.database.db);
    const { access_token: token } = await signIn(forwarding, user.email, user.password);
    const favourite = event();
    const vital = event({
      name: "LCP",
      category: "Web Vitals",
      properties: { value: 1234.5, rating: "good" },
      occurred_at: new Date(Date.now() - 1000).toISOString(),
    });
    expect((await postEvents(forwarding, token, [favourite, vital])).status).toBe(202);
    const [queued] = await storedEvents(forwarding, favourite.event_id);
    // Stored and queued by the request; sent only by the worker (which the test server does not start).
    expect((await forwardJobOf(forwarding, favourite.event_id))?.status).toBe("pending");
    expect(tracker.received).toEqual([]);
    await forwarding.context.jobs.processDue();
    expect(tracker.received).toHaveLength(1);
    const [request] = tracker.received;
    expect(request?.url.pathname).toBe("/mp/collect");
    expect(request?.url.searchParams.get("measurement_id")).toBe("G-TEST12345");
    expect(request?.url.searchParams.get("api_secret")).toBe("local-test-secret");
    expect(request?.body).toEqual({
      client_id: queued?.sessionId,
      user_id: user.id,
      events: [
        {
          name: "favorited_design",
          params: {
            event_category: "Design Discovery",
            design_uuid: favourite.properties.design_uuid,
            collection_name: "Favorites",
            price_cents: 2499,
          },
          timestamp_micros: new Date(favourite.occurred_at).getTime() * 1000,
        },
        {
          name: "lcp",
          params: { event_category: "Web Vitals", value: 1234.5, rating: "good" },
          timestamp_micros: new Date(vital.occurred_at).getTime() * 1000,
        },
      ],
    });
    expect((await forwardJobOf(forwarding, favourite.event_id))?.status).toBe("succeeded");
    expect(await forwarding.context.jobs.processDue()).toBe(0);
    expect(tracker.received).toHaveLength(1);
  });

  it("keeps events queued for a later retry when the tracker fails", async () => {
    tracker.received.length = 0;
    tracker.status = 500;
    const guest = (await obtainGuestTokens(forwarding)).access_token;
    const failing = event({ name: "Clicked Search", properties: { query: "anime" } });
    await postEvents(forwarding, guest, [failing]);
    await forwarding.context.jobs.processDue();
    const job = await forwardJobOf(forwarding, failing.event_id);
    expect(job?.status).toBe("pending");
    expect(job?.attempts).toBe(1);
    expect(job?.lastError).toContain("500");
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a second pass sends nothing.
    const before = tracker.received.length;
    expect(await forwarding.context.jobs.processDue()).toBe(0);
    expect(tracker.received.length).toBe(before);
    tracker.status = 204;
  });
});

describe("limits", () => {
  it(`refuses a batch larger than ANALYTICS_MAX_BATCH_BYTES with a 413 in the API error shape`, async () => {
    const guest = (await obtainGuestTokens(plain)).access_token;
    const heavy = (count: number) =>
      Array.from({ length: count }, () =>
        event({
          properties: Object.fromEntries(Array.from({ length: 25 }, (_, index) => [`key_${index}`, "v".repeat(60)])),
        }),
      );
    // Every event is valid on its own; 50 of them weigh about 100 KB, 20 about 40 KB.
    expect(JSON.stringify({ events: heavy(50) }).length).toBeGreaterThan(ANALYTICS_MAX_BATCH_BYTES);
    const tooBig = await postEvents(plain, guest, heavy(50));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe("payload_too_large");
    expect(JSON.stringify({ events: heavy(20) }).length).toBeLessThan(ANALYTICS_MAX_BATCH_BYTES);
    expect((await postEvents(plain, guest, heavy(20))).status).toBe(202);
  });

  it("limits batches per identity (a guest, a customer across sessions), not per address", async () => {
    const limited = await getTestServer({
      env: { ANALYTICS_BATCHES_PER_MINUTE: "3" },
      database: plain.database,
    });
    try {
      const guest = (await obtainGuestTokens(limited)).access_token;
      const statuses = [];
      for (let batch = 0; batch < 4; batch++) statuses.push((await postEvents(limited, guest, [event()])).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
      const refused = await postEvents(limited, guest, [event()]);
      expect(refused.body.error.code).toBe("rate_limited");
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(50);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another visitor from the same address is not held back.
      const otherGuest = (await obtainGuestTokens(limited)).access_token;
      expect((await postEvents(limited, otherGuest, [event()])).status).toBe(202);
      // A customer's sessions share one allowance.
      const user = await createTestUser(limited.database.db);
      const sessions = [
        (await signIn(limited, user.email, user.password)).access_token,
        (await signIn(limited, user.email, user.password)).access_token,
      ];
      const customer = [];
      for (let batch = 0; batch < 4; batch++) {
        customer.push((await postEvents(limited, sessions[batch % 2], [event()])).status);
      }
      expect(customer).toEqual([202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});
