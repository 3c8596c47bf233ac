import { camelToSnake } from "@threadfolk/contract/case";
import { type AnalyticsSink, assertSendable, type ForwardableEvent } from "./analytics.ts";

/** GA4 Measurement Protocol (server-side collection): the request shape and its documented limits. */

export const GA4_DEFAULT_ENDPOINT = "https://www.google-analytics.com/mp/collect";
const MAX_NAME_LENGTH = 40;
const MAX_PARAM_VALUE_LENGTH = 100;
const MAX_PARAMS = 25;
/** Timestamps further back than this are refused by GA4; such events are sent as if they happened now. */
const MAX_BACKDATE_MS = 72 * 3600 * 1000;

export type Ga4Request = {
  client_id: string;
  user_id?: string;
  events: Array<{ name: string; params: Record<string, string | number>; timestamp_micros?: number }>;
};

/** 'Favorited Design' -> 'favorited_design', 'CLS' -> 'cls': letters, digits and underscores, starting with a letter, 40 at most. */
export function toGa4Name(name: string): string {
  const snake = name
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_+|_+$/g, "");
  const withLetter = /^[a-z]/.test(snake) ? snake : `e_${snake}`;
  return withLetter.slice(0, MAX_NAME_LENGTH);
}

function toParamValue(value: unknown): string | number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return value.slice(0, MAX_PARAM_VALUE_LENGTH);
  return undefined;
}

/** One request body for events of one client (GA4 ties every event of a request to one client id). */
export function buildGa4Request(options: {
  clientId: string;
  userId?: string | null;
  events: ForwardableEvent[];
  now?: Date;
}): Ga4Request {
  const now = (options.now ?? new Date()).getTime();
  return {
    client_id: options.clientId,
    ...(options.userId ? { user_id: options.userId } : {}),
    events: options.events.map((event) => {
      const params: Record<string, string | number> = {
        event_category: event.category.slice(0, MAX_PARAM_VALUE_LENGTH),
      };
      for (const [key, value] of Object.entries(event.properties)) {
        if (Object.keys(params).length >= MAX_PARAMS) break;
        const converted = toParamValue(value);
        if (converted !== undefined) params[toGa4Name(camelToSnake(key))] = converted;
      }
      const occurred = event.occurredAt.getTime();
      const timestamp = now - occurred <= MAX_BACKDATE_MS ? { timestamp_micros: occurred * 1000 } : {};
      return { name: toGa4Name(event.name), params, ...timestamp };
    }),
  };
}

/** POSTs one request; throws on a network error, a timeout or a non-2xx answer (the caller retries later). */
export async function sendGa4Request(options: {
  endpoint: string;
  measurementId: string;
  apiSecret: string;
  body: Ga4Request;
  timeoutMs: number;
}): Promise<void> {
  const url = new URL(options.endpoint);
  url.searchParams.set("measurement_id", options.measurementId);
  url.searchParams.set("api_secret", options.apiSecret);
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  // Drain the body so the connection is reused.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`GA4 answered ${response.status}`);
}

/** The GA4 tracker: one Measurement Protocol request per batch (a batch is one client's events). */
export function createGa4Analytics(options: {
  endpoint: string;
  measurementId: string;
  apiSecret: string;
  timeoutMs: number;
}): AnalyticsSink {
  return {
    name: "ga4",
    async send(batch) {
      assertSendable(batch);
      await sendGa4Request({
        ...options,
        body: buildGa4Request({ clientId: batch.clientId, userId: batch.userId, events: batch.events }),
      });
    },
  };
}
