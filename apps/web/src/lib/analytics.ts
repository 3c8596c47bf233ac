import {
  ANALYTICS_EVENTS,
  ANALYTICS_MAX_BATCH,
  ANALYTICS_MAX_PROPERTIES,
  ANALYTICS_MAX_PROPERTY_KEY_LENGTH,
  ANALYTICS_MAX_PROPERTY_VALUE_LENGTH,
  type AnalyticsCategory,
} from "@threadfolk/contract/analytics-constants";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import { apiRequest, isApiError } from "./api-client.ts";

/**
 * First-party analytics (decision 009): events are queued in memory and posted in batches to
 * `/api/v1/analytics_events`, which stores them and forwards them to third-party trackers when configured.
 * Recording an event never blocks the page and never throws: analytics must not break a click.
 */

/** The events allowed in `category` (the contract's allow-list; the server refuses any other). */
type AnalyticsEventOf<Category extends AnalyticsCategory> = (typeof ANALYTICS_EVENTS)[Category][number];

type AnalyticsPropertyValue = string | number | boolean | null;
type AnalyticsProperties = Record<string, AnalyticsPropertyValue | undefined>;

/** One event as posted (camelCase; the API client sends it snake_case). */
export type AnalyticsEvent = {
  eventId?: string;
  name: string;
  category: AnalyticsCategory;
  properties: Record<string, AnalyticsPropertyValue>;
  occurredAt: string;
};

type QueuedEvent = { event: AnalyticsEvent; attempts: number };

export type AnalyticsTransport = (events: AnalyticsEvent[], options: { keepalive: boolean }) => Promise<unknown>;

type AnalyticsTrackerOptions = {
  send: AnalyticsTransport;
  /** Runs `flush` a little later, when the browser is idle; answers a cancel function. */
  schedule: (flush: () => void, delayMs: number) => () => void;
  now?: () => Date;
  createEventId?: () => string | undefined;
};

/** Wait this long after the first queued event before posting, so a burst of clicks goes in one request. */
const FLUSH_DELAY_MS = 2_000;
/** A batch that failed for a reason worth retrying (network, 5xx, 429) is tried this many times in all. */
export const MAX_SEND_ATTEMPTS = 3;
/** Events kept at most while the server cannot be reached; the oldest are dropped beyond it. */
const MAX_QUEUED_EVENTS = 500;
/**
 * A request body's budget, well under the server's ANALYTICS_MAX_BATCH_BYTES and fetch's 64 KiB for keepalive
 * bodies (the wire adds snake_case underscores and the envelope).
 */
const BATCH_BODY_BUDGET = 48_000;

/** True when `name` is an allow-listed event of `category`. */
export function isAllowedEvent(name: string, category: string): category is AnalyticsCategory {
  if (!Object.hasOwn(ANALYTICS_EVENTS, category)) return false;
  return (ANALYTICS_EVENTS[category as AnalyticsCategory] as readonly string[]).includes(name);
}

/**
 * Flat properties the server accepts: undefined values left out, strings cut to the maximum length,
 * non-finite numbers sent as null, keys beyond the limits dropped.
 */
export function cleanProperties(properties: AnalyticsProperties = {}): Record<string, AnalyticsPropertyValue> {
  const clean: Record<string, AnalyticsPropertyValue> = {};
  let count = 0;
  for (const [key, value] of Object.entries(properties)) {
    if (count >= ANALYTICS_MAX_PROPERTIES) break;
    if (value === undefined || key.length === 0 || key.length > ANALYTICS_MAX_PROPERTY_KEY_LENGTH) continue;
    if (typeof value === "string") clean[key] = value.slice(0, ANALYTICS_MAX_PROPERTY_VALUE_LENGTH);
    else if (typeof value === "number") clean[key] = Number.isFinite(value) ? value : null;
    else if (typeof value === "boolean" || value === null) clean[key] = value;
    else continue;
    count++;
  }
  return clean;
}

/** A random v4 uuid, so a retried batch is stored once; undefined where no random source exists. */
function randomEventId(): string | undefined {
  const cryptoApi = globalThis.crypto;
  if (!cryptoApi) return undefined;
  if (typeof cryptoApi.randomUUID === "function") return cryptoApi.randomUUID();
  if (typeof cryptoApi.getRandomValues !== "function") return undefined;
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A failure that will not go away by sending the same batch again (bad input, refused token). */
function isPermanentFailure(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/** Splits events into request bodies within BATCH_BODY_BUDGET, at most ANALYTICS_MAX_BATCH each. */
function splitIntoBatches(events: AnalyticsEvent[]): AnalyticsEvent[][] {
  const batches: AnalyticsEvent[][] = [];
  let current: AnalyticsEvent[] = [];
  let size = 0;
  for (const event of events) {
    const eventSize = JSON.stringify(event).length + 1;
    if (current.length > 0 && (current.length >= ANALYTICS_MAX_BATCH || size + eventSize > BATCH_BODY_BUDGET)) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(event);
    size += eventSize;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

type AnalyticsTracker = {
  track: <Category extends AnalyticsCategory>(
    name: AnalyticsEventOf<Category>,
    category: Category,
    properties?: AnalyticsProperties,
  ) => void;
  /** Posts everything queued now, one batch at a time (the timer calls it). */
  flush: () => Promise<void>;
  /** Hands everything queued to `fetch` with keepalive, for a page being hidden or closed. */
  flushBeforeUnload: () => void;
  /** Events waiting to be sent (for tests and debugging). */
  pendingCount: () => number;
};

/** A tracker over a transport and a scheduler (the app uses one over the API client; tests give fakes). */
export function createAnalyticsTracker(options: AnalyticsTrackerOptions): AnalyticsTracker {
  const now = options.now ?? (() => new Date());
  const createEventId = options.createEventId ?? randomEventId;
  let queue: QueuedEvent[] = [];
  let cancelScheduled: (() => void) | undefined;
  let sending: Promise<void> | undefined;

  function scheduleFlush(delayMs = FLUSH_DELAY_MS): void {
    if (cancelScheduled || queue.length === 0) return;
    cancelScheduled = options.schedule(() => {
      cancelScheduled = undefined;
      void flush();
    }, delayMs);
  }

  async function sendQueued(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, splitIntoBatches(queue.map((item) => item.event))[0]?.length ?? 0);
      queue = queue.slice(batch.length);
      try {
        await options.send(
          batch.map((item) => item.event),
          { keepalive: false },
        );
      } catch (error) {
        if (isPermanentFailure(error)) continue;
        const retry = batch
          .map((item) => ({ ...item, attempts: item.attempts + 1 }))
          .filter((item) => item.attempts < MAX_SEND_ATTEMPTS);
        queue = [...retry, ...queue].slice(-MAX_QUEUED_EVENTS);
        // Try again later rather than hammering a server that is down.
        const attempts = retry[0]?.attempts ?? 1;
        scheduleFlush(FLUSH_DELAY_MS * 2 ** attempts);
        return;
      }
    }
  }

  function flush(): Promise<void> {
    if (!sending) {
      sending = sendQueued()
        .catch(() => {})
        .finally(() => {
          sending = undefined;
          // Events queued while a batch was on the way wait for the next timer.
          scheduleFlush();
        });
    }
    return sending;
  }

  function flushBeforeUnload(): void {
    if (queue.length === 0) return;
    cancelScheduled?.();
    cancelScheduled = undefined;
    const events = queue.map((item) => item.event);
    queue = [];
    for (const batch of splitIntoBatches(events)) {
      try {
        options.send(batch, { keepalive: true }).catch(() => {});
      } catch {
        // The page is going away; an event lost here is not worth an error.
      }
    }
  }

  function track<Category extends AnalyticsCategory>(
    name: AnalyticsEventOf<Category>,
    category: Category,
    properties?: AnalyticsProperties,
  ): void {
    try {
      // Callers in plain JavaScript (or a cast) could pass anything: the server would refuse the whole batch.
      if (!isAllowedEvent(name, category)) return;
      const eventId = createEventId();
      const event: AnalyticsEvent = {
        ...(eventId ? { eventId } : {}),
        name,
        category,
        properties: cleanProperties(properties),
        occurredAt: now().toISOString(),
      };
      queue.push({ event, attempts: 0 });
      if (queue.length > MAX_QUEUED_EVENTS) queue = queue.slice(-MAX_QUEUED_EVENTS);
      if (queue.length >= ANALYTICS_MAX_BATCH) void flush();
      else scheduleFlush();
    } catch {
      // Recording an event must never break what the visitor was doing.
    }
  }

  return { track, flush, flushBeforeUnload, pendingCount: () => queue.length };
}

/** Runs `callback` after `delayMs`, then when the browser is idle (or at once where there is no idle callback). */
function scheduleWhenIdle(callback: () => void, delayMs: number): () => void {
  let idleHandle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof window.requestIdleCallback === "function") {
      idleHandle = window.requestIdleCallback(callback, { timeout: FLUSH_DELAY_MS });
    } else {
      callback();
    }
  }, delayMs);
  return () => {
    clearTimeout(timer);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
  };
}

function postEvents(events: AnalyticsEvent[], { keepalive }: { keepalive: boolean }): Promise<unknown> {
  return apiRequest(apiPath(API.analyticsEvents), { method: "POST", body: { events }, keepalive });
}

let browserTracker: AnalyticsTracker | undefined;

/** The app's tracker, created on first use; it flushes with keepalive when the page is hidden or closed. */
function getBrowserTracker(): AnalyticsTracker | undefined {
  if (browserTracker) return browserTracker;
  if (typeof window === "undefined") return undefined;
  const tracker = createAnalyticsTracker({ send: postEvents, schedule: scheduleWhenIdle });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") tracker.flushBeforeUnload();
  });
  window.addEventListener("pagehide", () => tracker.flushBeforeUnload());
  browserTracker = tracker;
  return tracker;
}

/**
 * Records an allow-listed analytics event (`packages/contract/src/analytics-constants.ts`), e.g.
 * `trackEvent("Favorited Design", "Design Discovery", { designUuid })`. Queued and posted in batches.
 */
export function trackEvent<Category extends AnalyticsCategory>(
  name: AnalyticsEventOf<Category>,
  category: Category,
  properties?: AnalyticsProperties,
): void {
  try {
    getBrowserTracker()?.track(name, category, properties);
  } catch {
    // Never let analytics break the page.
  }
}
