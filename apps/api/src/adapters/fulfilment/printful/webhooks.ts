import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { FulfilmentNotification } from "../fulfilment.ts";

/**
 * Printful's webhook v2 events (decision 068). Printful signs each event with HMAC-SHA256 of the raw body under
 * the secret key of the webhook configuration (shown once when the configuration is made) and sends the
 * signature in hexadecimal in `x-pf-webhook-signature` ("Event signing" in its description). The secret key is a
 * hexadecimal string; the description does not say whether the key is those characters or the bytes they spell,
 * and integrations read it both ways, so a signature made with either is accepted: both need the secret.
 * Only the events issue 27 acts on are accepted, and only the order's external id is read from them: what the
 * order is now is read back from Printful's API.
 */

export const PRINTFUL_SIGNATURE_HEADER = "x-pf-webhook-signature";

/** The events that make us read an order again (webhook v2 has no delivery event: delivery is read back). */
export const PRINTFUL_NOTIFIED_EVENTS = [
  "shipment_sent",
  "shipment_returned",
  "order_failed",
  "order_canceled",
  "order_put_hold",
  "order_remove_hold",
] as const;

const eventSchema = z.object({
  type: z.enum(PRINTFUL_NOTIFIED_EVENTS),
  data: z.object({ order: z.object({ external_id: z.string().min(1).max(200) }) }),
});

/** The keys a signature may be made with: the secret's bytes when it is hexadecimal, and its text. */
function signingKeys(secret: string): Buffer[] {
  const text = Buffer.from(secret, "utf8");
  return /^(?:[0-9a-fA-F]{2})+$/.test(secret) ? [Buffer.from(secret, "hex"), text] : [text];
}

function headerOf(headers: Record<string, string | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** Whether the raw body carries Printful's signature under `secret`. */
export function isSignedByPrintful(input: {
  secret: string;
  headers: Record<string, string | undefined>;
  rawBody: string;
}): boolean {
  const signature = headerOf(input.headers, PRINTFUL_SIGNATURE_HEADER)?.trim() ?? "";
  if (!/^[0-9a-fA-F]{64}$/.test(signature) || input.secret === "") return false;
  const given = Buffer.from(signature, "hex");
  return signingKeys(input.secret).some((key) =>
    timingSafeEqual(createHmac("sha256", key).update(input.rawBody, "utf8").digest(), given),
  );
}

/** A verified event that names one of our orders, or null (forged, malformed, another event, no external id). */
export function verifyPrintfulNotification(input: {
  secret: string;
  headers: Record<string, string | undefined>;
  rawBody: string;
}): FulfilmentNotification | null {
  if (!isSignedByPrintful(input)) return null;
  let body: unknown;
  try {
    body = JSON.parse(input.rawBody);
  } catch {
    return null;
  }
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) return null;
  return { eventType: parsed.data.type, externalId: parsed.data.data.order.external_id };
}
