import { EARNINGS_HOLD_DAYS_AFTER_DELIVERY } from "@threadfolk/contract/studio";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/select-rows.ts";

/**
 * An artist's balances, computed from the earnings ledger every time (decision 073), never stored:
 *
 * - an entry linked to a live payout item is `paid` when the item succeeded, else `inPayout`;
 * - an unlinked entry is `available` once its order was delivered EARNINGS_HOLD_DAYS_AFTER_DELIVERY days ago
 *   (a reversal of such an order too: a refund after a payout makes the balance negative), else `pending`.
 *
 * The four add up to the ledger's sum of the artist's earnings, to the cent, by construction.
 */
export type Balances = {
  pendingCents: number;
  availableCents: number;
  inPayoutCents: number;
  paidCents: number;
  /** The ledger's sum: pending + available + in payout + paid. */
  ledgerCents: number;
};

/** Whether the order of entry `e` (joined as `o`) is past its hold after delivery at `asOf`. */
export function settledCondition(asOf: Date): SQL {
  return sql`(o.delivered_at is not null
    and o.delivered_at <= ${asOf.toISOString()}::timestamptz - make_interval(days => ${EARNINGS_HOLD_DAYS_AFTER_DELIVERY}))`;
}

type BalanceRow = {
  seller_profile_id: string;
  pending_cents: string | number | null;
  available_cents: string | number | null;
  in_payout_cents: string | number | null;
  paid_cents: string | number | null;
  ledger_cents: string | number | null;
};

function balanceQuery(asOf: Date, where: SQL): SQL {
  const settled = settledCondition(asOf);
  return sql`
    select e.seller_profile_id,
      coalesce(sum(e.artist_earnings_cents) filter (where l.payout_item_id is null and not ${settled}), 0)::bigint as pending_cents,
      coalesce(sum(e.artist_earnings_cents) filter (where l.payout_item_id is null and ${settled}), 0)::bigint as available_cents,
      coalesce(sum(e.artist_earnings_cents) filter (where i.status is not null and i.status <> 'success'), 0)::bigint as in_payout_cents,
      coalesce(sum(e.artist_earnings_cents) filter (where i.status = 'success'), 0)::bigint as paid_cents,
      coalesce(sum(e.artist_earnings_cents), 0)::bigint as ledger_cents
    from earnings_entries e
    join orders o on o.id = e.order_id
    left join payout_item_entries l on l.earnings_entry_id = e.id and l.released_at is null
    left join payout_items i on i.id = l.payout_item_id
    where ${where}
    group by e.seller_profile_id`;
}

function toBalances(row: BalanceRow | undefined): Balances {
  return {
    pendingCents: Number(row?.pending_cents ?? 0),
    availableCents: Number(row?.available_cents ?? 0),
    inPayoutCents: Number(row?.in_payout_cents ?? 0),
    paidCents: Number(row?.paid_cents ?? 0),
    ledgerCents: Number(row?.ledger_cents ?? 0),
  };
}

/** One artist's balances at `asOf` (default now). */
export async function findArtistBalances(options: {
  db: Database;
  sellerProfileId: string;
  asOf?: Date;
}): Promise<Balances> {
  const { db, sellerProfileId, asOf = new Date() } = options;
  const [row] = await selectRows<BalanceRow>(db, balanceQuery(asOf, sql`e.seller_profile_id = ${sellerProfileId}`));
  return toBalances(row);
}

/** Every artist's balances at `asOf`, by seller profile id (artists with ledger entries only). */
export async function findAllBalances(options: { db: Database; asOf?: Date }): Promise<Map<string, Balances>> {
  const { db, asOf = new Date() } = options;
  const rows = await selectRows<BalanceRow>(db, balanceQuery(asOf, sql`true`));
  return new Map(rows.map((row) => [row.seller_profile_id, toBalances(row)]));
}

/** The platform-wide figures: sums of every artist's balances and the ledger's own sum, to reconcile. */
export type PayoutReconciliation = Balances & {
  artistCount: number;
  /** Sum of the succeeded items' amounts (what the provider paid). */
  paidItemsCents: number;
  /** Sum of the amounts of items still in flight (queued, pending, on hold, unclaimed). */
  inFlightItemsCents: number;
  /** Items whose amount differs from the sum of their linked entries (should be none). */
  mismatchedItems: Array<{ itemId: string; amountCents: number; linkedCents: number }>;
  /** Whether ledger = pending + available + in payout + paid, paid = succeeded items, in payout = items in flight. */
  balanced: boolean;
};

/** The reconciliation figures (operators' view and `ledger:check`): the ledger's sum against payouts and balances. */
export async function findPayoutReconciliation(options: { db: Database; asOf?: Date }): Promise<PayoutReconciliation> {
  const balances = [...(await findAllBalances(options)).values()];
  const total = (key: keyof Balances) => balances.reduce((sum, balance) => sum + balance[key], 0);
  const [ledger] = await selectRows<{ cents: string | number | null }>(
    options.db,
    sql`select coalesce(sum(artist_earnings_cents), 0)::bigint as cents from earnings_entries`,
  );
  const [items] = await selectRows<{ paid: string | number | null; in_flight: string | number | null }>(
    options.db,
    sql`select coalesce(sum(amount_cents) filter (where status = 'success'), 0)::bigint as paid,
      coalesce(sum(amount_cents) filter (where status in ('queued', 'pending', 'onhold', 'unclaimed')), 0)::bigint as in_flight
    from payout_items`,
  );
  const mismatched = await selectRows<{ id: string; amount_cents: number; linked_cents: string | number }>(
    options.db,
    sql`select i.id, i.amount_cents, coalesce(sum(e.artist_earnings_cents), 0)::bigint as linked_cents
    from payout_items i
    left join payout_item_entries l on l.payout_item_id = i.id
      and (l.released_at is null or i.status in ('failed', 'returned', 'blocked', 'refunded', 'reversed'))
    left join earnings_entries e on e.id = l.earnings_entry_id
    group by i.id, i.amount_cents
    having coalesce(sum(e.artist_earnings_cents), 0) <> i.amount_cents`,
  );
  const figures: Balances = {
    pendingCents: total("pendingCents"),
    availableCents: total("availableCents"),
    inPayoutCents: total("inPayoutCents"),
    paidCents: total("paidCents"),
    ledgerCents: Number(ledger?.cents ?? 0),
  };
  const paidItemsCents = Number(items?.paid ?? 0);
  const inFlightItemsCents = Number(items?.in_flight ?? 0);
  return {
    ...figures,
    artistCount: balances.length,
    paidItemsCents,
    inFlightItemsCents,
    mismatchedItems: mismatched.map((row) => ({
      itemId: row.id,
      amountCents: row.amount_cents,
      linkedCents: Number(row.linked_cents),
    })),
    balanced:
      figures.ledgerCents ===
        figures.pendingCents + figures.availableCents + figures.inPayoutCents + figures.paidCents &&
      figures.paidCents === paidItemsCents &&
      figures.inPayoutCents === inFlightItemsCents &&
      mismatched.length === 0,
  };
}
