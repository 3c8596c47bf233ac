import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/select-rows.ts";
import { findPayoutReconciliation } from "./balances.ts";

/** One thing the payout check found wrong (the shape of `ledger:check`'s findings; no order number). */
export type PayoutFinding = { check: string; orderNumber: null; detail: string };

/**
 * The payout part of `npm run ledger:check` (decision 073):
 *
 * - `payout_balances`: the ledger's sum is not pending + available + in payout + paid;
 * - `payout_paid_items`: the paid balance is not the sum of the succeeded items, or the in-payout balance not
 *   the sum of the items in flight;
 * - `payout_item_amount`: an item whose amount is not the sum of the ledger entries it links;
 * - `payout_links`: an item that came back with live links, or a live item with released ones.
 */
export async function checkPayouts(db: Database, asOf = new Date()): Promise<PayoutFinding[]> {
  const findings: PayoutFinding[] = [];
  const add = (check: string, detail: string) => findings.push({ check, orderNumber: null, detail });
  const figures = await findPayoutReconciliation({ db, asOf });
  const parts = figures.pendingCents + figures.availableCents + figures.inPayoutCents + figures.paidCents;
  if (figures.ledgerCents !== parts) {
    add(
      "payout_balances",
      `ledger ${figures.ledgerCents} cents <> pending ${figures.pendingCents} + available ${figures.availableCents} + in payout ${figures.inPayoutCents} + paid ${figures.paidCents}`,
    );
  }
  if (figures.paidCents !== figures.paidItemsCents || figures.inPayoutCents !== figures.inFlightItemsCents) {
    add(
      "payout_paid_items",
      `paid ${figures.paidCents} vs succeeded items ${figures.paidItemsCents}; in payout ${figures.inPayoutCents} vs items in flight ${figures.inFlightItemsCents}`,
    );
  }
  for (const item of figures.mismatchedItems) {
    add("payout_item_amount", `item ${item.itemId} of ${item.amountCents} cents links ${item.linkedCents} cents`);
  }
  const links = await selectRows<{ id: string; status: string; live: number; released: number }>(
    db,
    sql`select i.id, i.status, count(*) filter (where l.released_at is null)::int as live,
        count(*) filter (where l.released_at is not null)::int as released
      from payout_items i join payout_item_entries l on l.payout_item_id = i.id
      group by i.id, i.status
      having (i.status in ('failed', 'returned', 'blocked', 'refunded', 'reversed') and count(*) filter (where l.released_at is null) > 0)
        or (i.status not in ('failed', 'returned', 'blocked', 'refunded', 'reversed') and count(*) filter (where l.released_at is not null) > 0)`,
  );
  for (const row of links) {
    add("payout_links", `item ${row.id} (${row.status}) has ${row.live} live and ${row.released} released links`);
  }
  return findings;
}
