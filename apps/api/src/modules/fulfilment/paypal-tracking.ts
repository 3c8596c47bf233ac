import { sql } from "drizzle-orm";
import {
  PAYPAL_CARRIER_CODES,
  type PayPalGateway,
  type ShippingCarrier,
  toPayPalCarrier,
} from "../../adapters/paypal/paypal.ts";
import type { Database } from "../../db/client.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";

/**
 * Each parcel of an order paid with PayPal carries its carrier and tracking number to the PayPal capture
 * (issue 27, deliverable 6): PayPal's seller protection asks for proof of shipment. Once per parcel (the job's
 * dedupe key), SHIPPED when it leaves and DELIVERED once it has arrived; adding what PayPal already has is not an
 * error (the adapter reads it back).
 */
export async function addPayPalTracking(options: { db: Database; gateway: PayPalGateway; shipmentId: string }) {
  const { db, gateway, shipmentId } = options;
  const result = (await db.execute(sql`select s.carrier, s.tracking_number, s.status, p.processor_reference
    from order_shipments s
    join order_payments p on p.order_id = s.order_id and p.kind = 'paypal' and p.status in ('succeeded', 'refunded')
    where s.id = ${shipmentId} limit 1`)) as unknown as {
    rows: Array<{ carrier: string; tracking_number: string; status: string; processor_reference: string | null }>;
  };
  const [row] = result.rows;
  if (!row?.processor_reference) return { skipped: "not a PayPal capture" };
  if (!(row.carrier in PAYPAL_CARRIER_CODES)) return { skipped: `PayPal has no code for ${row.carrier}` };
  await gateway.addTracking({
    captureId: row.processor_reference,
    trackingNumber: row.tracking_number,
    carrier: toPayPalCarrier(row.carrier as ShippingCarrier),
    status: row.status === "delivered" ? "DELIVERED" : "SHIPPED",
  });
  await db.execute(sql`update order_shipments set paypal_tracking_added_at = now() where id = ${shipmentId}`);
  return { captureId: row.processor_reference };
}

export function createAddPayPalTrackingHandler(options: {
  db: Database;
  gateway: PayPalGateway;
}): JobHandler<"add_paypal_tracking"> {
  return {
    retry: { maxAttempts: 12, baseDelaySeconds: 30, maxDelaySeconds: 6 * 3600, leaseSeconds: 120 },
    run: ({ shipmentId }) => addPayPalTracking({ ...options, shipmentId }),
  };
}
