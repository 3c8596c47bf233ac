/** One stored first-party event as a tracker receives it. */
export type ForwardableEvent = {
  name: string;
  category: string;
  properties: Record<string, unknown>;
  occurredAt: Date;
};

/** Events per send: GA4's Measurement Protocol takes at most 25 per request, and every sink takes the same. */
export const ANALYTICS_MAX_EVENTS_PER_SEND = 25;

/** Events of one client (a visit: the auth session, else the guest, else the user), in the order they happened. */
export type AnalyticsBatch = { clientId: string; userId?: string | null; events: ForwardableEvent[] };

/**
 * The analytics port: a tracker that receives stored events after the request that stored them. `send`
 * throws when the batch was not taken (the job that forwards it is then retried) and refuses more than
 * ANALYTICS_MAX_EVENTS_PER_SEND events.
 */
export type AnalyticsSink = {
  /** `ga4` for Google Analytics 4, `log` for the local log of forwarded events. */
  name: "ga4" | "log";
  send(batch: AnalyticsBatch): Promise<void>;
};

/** Throws when a batch breaks the port's limits; every sink checks before it sends anything. */
export function assertSendable(batch: AnalyticsBatch): void {
  if (batch.events.length === 0) throw new RangeError("an analytics batch needs at least one event");
  if (batch.events.length > ANALYTICS_MAX_EVENTS_PER_SEND) {
    throw new RangeError(`an analytics batch takes at most ${ANALYTICS_MAX_EVENTS_PER_SEND} events`);
  }
}
