import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orderLineItems, orderPackingSlips, orderPrintFiles } from "../../db/schema/index.ts";
import { enqueueJob, type JobExecutor } from "../../jobs/enqueue-job.ts";

/**
 * An order's production files (issue 27, decision 067): where they are stored, how their job is queued, and
 * what submission reads. The files are made by `render_order_print_files` (render-order-print-files.ts).
 */

/** A line's print file: its order, its line and the artwork version it prints; never replaced. */
export function printFileKey(orderId: string, lineUuid: string, artworkVersion: number): string {
  return `print-files/${orderId}/${lineUuid}-v${artworkVersion}.png`;
}

/** An order's packing slip PDF; never replaced. */
export function packingSlipKey(orderId: string): string {
  return `print-files/${orderId}/packing-slip.pdf`;
}

/**
 * Queues the print files of a paid order (its print files, packing slip and e-mail pictures), in the caller's
 * transaction: once per order (dedupe key: the order id). Returns the job's id, or undefined when it was queued
 * before. Nudge the job worker after the commit.
 */
export function enqueueOrderPrintFiles(tx: JobExecutor, orderId: string): Promise<string | undefined> {
  return enqueueJob(tx, "render_order_print_files", { orderId }, { dedupeKey: orderId });
}

export type OrderPrintFiles = {
  lines: Array<{
    lineItemId: number;
    lineUuid: string;
    storageKey: string;
    widthPx: number;
    heightPx: number;
    dpi: number;
  }>;
  packingSlipKey: string;
};

/**
 * The stored print file of every line of an order and its packing slip, for submission to the print provider;
 * null while any of them is missing (the job has not finished, or failed).
 */
export async function readOrderPrintFiles(db: Database, orderId: string): Promise<OrderPrintFiles | null> {
  const [lines, [slip]] = await Promise.all([
    db
      .select({
        lineItemId: orderLineItems.id,
        lineUuid: orderLineItems.uuid,
        storageKey: orderPrintFiles.storageKey,
        widthPx: orderPrintFiles.widthPx,
        heightPx: orderPrintFiles.heightPx,
        dpi: orderPrintFiles.dpi,
      })
      .from(orderLineItems)
      .leftJoin(
        orderPrintFiles,
        and(eq(orderPrintFiles.orderLineItemId, orderLineItems.id), eq(orderPrintFiles.orderId, orderId)),
      )
      .where(eq(orderLineItems.orderId, orderId))
      .orderBy(asc(orderLineItems.id)),
    db
      .select({ storageKey: orderPackingSlips.storageKey })
      .from(orderPackingSlips)
      .where(eq(orderPackingSlips.orderId, orderId))
      .limit(1),
  ]);
  if (!slip || lines.length === 0) return null;
  const files: OrderPrintFiles["lines"] = [];
  for (const line of lines) {
    if (line.storageKey === null || line.widthPx === null || line.heightPx === null || line.dpi === null) return null;
    files.push({
      lineItemId: line.lineItemId,
      lineUuid: line.lineUuid,
      storageKey: line.storageKey,
      widthPx: line.widthPx,
      heightPx: line.heightPx,
      dpi: line.dpi,
    });
  }
  return { lines: files, packingSlipKey: slip.storageKey };
}
