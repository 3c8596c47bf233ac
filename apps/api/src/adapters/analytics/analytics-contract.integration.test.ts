import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LocalGa4Endpoint, startGa4Endpoint } from "../../../test/ga4-endpoint.ts";
import { loadConfig } from "../../config.ts";
import type { AnalyticsBatch, AnalyticsSink, ForwardableEvent } from "./analytics.ts";
import { createAnalytics } from "./create-analytics.ts";
import { createGa4Analytics, type Ga4Request } from "./ga4-analytics.ts";
import { createLocalAnalytics, type LoggedAnalyticsBatch } from "./local-analytics.ts";

/**
 * The analytics contract: the same cases against the local log and GA4 (against a local endpoint that
 * records Measurement Protocol requests). `delivered` reads back what arrived, in one shape for both.
 */
type DeliveredBatch = {
  clientId: string;
  userId: string | null;
  events: Array<{ name: string; category: string; properties: Record<string, unknown>; occurredAtMs: number }>;
};

type Harness = {
  create(): AnalyticsSink;
  createUnreachable(): Promise<AnalyticsSink>;
  delivered(): Promise<DeliveredBatch[]>;
  /** The event name as this tracker records it (GA4 wants lower snake case). */
  nameOf(name: string): string;
};

let endpoint: LocalGa4Endpoint;
let logRoot: string;
let logDir: string;

beforeAll(async () => {
  endpoint = await startGa4Endpoint();
  logRoot = await fs.mkdtemp(path.join(os.tmpdir(), "threadfolk-analytics-contract-"));
});

beforeEach(() => {
  endpoint.received.length = 0;
  endpoint.status = 204;
  logDir = path.join(logRoot, crypto.randomUUID());
});

afterAll(async () => {
  await endpoint.close();
  await fs.rm(logRoot, { recursive: true, force: true });
});

const ga4Options = () => ({
  endpoint: endpoint.url,
  measurementId: "G-TEST12345",
  apiSecret: "local-secret",
  timeoutMs: 2000,
});

const implementations: Array<{ name: string } & Harness> = [
  {
    name: "local log",
    create: () => createLocalAnalytics({ dir: logDir }),
    async createUnreachable() {
      const blocker = path.join(logRoot, `not-a-directory-${crypto.randomUUID()}`);
      await fs.writeFile(blocker, "");
      return createLocalAnalytics({ dir: path.join(blocker, "analytics") });
    },
    async delivered() {
      const names = await fs.readdir(logDir).catch(() => [] as string[]);
      const lines = (await Promise.all(names.map((name) => fs.readFile(path.join(logDir, name), "utf8"))))
        .join("")
        .split("\n")
        .filter(Boolean);
      return lines.map((text) => {
        const line = JSON.parse(text) as LoggedAnalyticsBatch;
        return {
          clientId: line.client_id,
          userId: line.user_id,
          events: line.events.map((event) => ({
            name: event.name,
            category: event.category,
            properties: event.properties,
            occurredAtMs: Date.parse(event.occurred_at),
          })),
        };
      });
    },
    nameOf: (name) => name,
  },
  {
    name: "GA4",
    create: () => createGa4Analytics(ga4Options()),
    async createUnreachable() {
      endpoint.status = 500;
      return createGa4Analytics(ga4Options());
    },
    async delivered() {
      return endpoint.received.map((request) => {
        expect(request.url.searchParams.get("measurement_id")).toBe("G-TEST12345");
        expect(request.url.searchParams.get("api_secret")).toBe("local-secret");
        const body = request.body as Ga4Request;
        return {
          clientId: body.client_id,
          userId: body.user_id ?? null,
          events: body.events.map(({ name, params, timestamp_micros }) => {
            const { event_category, ...properties } = params;
            return {
              name,
              category: String(event_category),
              properties,
              occurredAtMs: (timestamp_micros ?? 0) / 1000,
            };
          }),
        };
      });
    },
    nameOf: (name) => name.toLowerCase().replace(/ /g, "_"),
  },
];

function event(overrides: Partial<ForwardableEvent> = {}): ForwardableEvent {
  return {
    name: "Favorited Design",
    category: "Design Discovery",
    properties: { designUuid: crypto.randomUUID(), collectionName: "Favorites", priceCents: 2499 },
    occurredAt: new Date(Date.now() - 5000),
    ...overrides,
  };
}

describe.each(implementations)("analytics contract: $name", (harness) => {
  it("delivers one client's events with the user, categories, properties and times, in order", async () => {
    const favorite = event();
    const vital = event({
      name: "LCP",
      category: "Web Vitals",
      properties: { value: 1234.5, rating: "good" },
      occurredAt: new Date(Date.now() - 1000),
    });
    const batch: AnalyticsBatch = {
      clientId: crypto.randomUUID(),
      userId: crypto.randomUUID(),
      events: [favorite, vital],
    };
    await harness.create().send(batch);
    expect(await harness.delivered()).toEqual([
      {
        clientId: batch.clientId,
        userId: batch.userId,
        events: [
          {
            name: harness.nameOf("Favorited Design"),
            category: "Design Discovery",
            properties: {
              design_uuid: favorite.properties.designUuid,
              collection_name: "Favorites",
              price_cents: 2499,
            },
            occurredAtMs: favorite.occurredAt.getTime(),
          },
          {
            name: harness.nameOf("LCP"),
            category: "Web Vitals",
            properties: { value: 1234.5, rating: "good" },
            occurredAtMs: vital.occurredAt.getTime(),
          },
        ],
      },
    ]);
  });

  it("delivers each batch separately, a guest's without a user", async () => {
    const sink = harness.create();
    const clients = [crypto.randomUUID(), crypto.randomUUID()];
    for (const clientId of clients) await sink.send({ clientId, events: [event()] });
    const delivered = await harness.delivered();
    expect(delivered.map((batch) => batch.clientId)).toEqual(clients);
    expect(delivered.map((batch) => batch.userId)).toEqual([null, null]);
  });

  it("refuses more events than one send takes, delivering nothing", async () => {
    const events = Array.from({ length: 26 }, () => event());
    await expect(harness.create().send({ clientId: crypto.randomUUID(), events })).rejects.toThrow(/at most 25/);
    expect(await harness.delivered()).toEqual([]);
  });

  it("throws when the batch is not taken, so that it is retried", async () => {
    const sink = await harness.createUnreachable();
    await expect(sink.send({ clientId: crypto.randomUUID(), events: [event()] })).rejects.toThrow();
  });
});

describe("createAnalytics", () => {
  it("picks GA4 when configured, the local log when asked for, and none otherwise", () => {
    const ga4 = { ANALYTICS_GA4_MEASUREMENT_ID: "G-TEST12345", ANALYTICS_GA4_API_SECRET: "local-secret" };
    expect(createAnalytics(loadConfig(ga4))?.name).toBe("ga4");
    expect(createAnalytics(loadConfig({ ...ga4, ANALYTICS_LOCAL_LOG: "true" }))?.name).toBe("ga4");
    expect(createAnalytics(loadConfig({ ANALYTICS_LOCAL_LOG: "true" }))?.name).toBe("log");
    expect(createAnalytics(loadConfig({}))).toBeUndefined();
  });
});
