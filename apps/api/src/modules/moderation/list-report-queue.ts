import type { ModerationReason } from "@threadfolk/contract/moderation";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/select-rows.ts";

/** Reports of one design shown in the queue at most (the count says how many there are). */
export const QUEUE_REPORTS_PER_DESIGN = 20;
export const QUEUE_PAGE_SIZE = 25;

export type QueueReport = {
  id: string;
  reason: ModerationReason;
  email: string;
  details: string;
  createdAt: string;
};

export type QueueEntry = {
  designId: string;
  designName: string;
  designSlug: string;
  designStatus: "active" | "deactivated";
  takenDown: boolean;
  artistId: string;
  artistName: string;
  artistUsername: string;
  strikes: number;
  storefrontSuspended: boolean;
  openReportCount: number;
  reasons: ModerationReason[];
  firstReportedAt: string;
  reports: QueueReport[];
};

/**
 * The moderation queue (issue 28): every design with open reports, the longest waiting first, each with its
 * open reports (newest first), the reasons given, and its storefront's standing strikes. One statement.
 */
export async function listReportQueue({
  db,
  page,
}: {
  db: Database;
  page: number;
}): Promise<{ entries: QueueEntry[]; totalCount: number }> {
  const offset = (page - 1) * QUEUE_PAGE_SIZE;
  const rows = await selectRows<QueueEntry & { totalCount: number | string }>(
    db,
    sql`
    with queued as (
      select r.design_id, count(*)::int as open_count, min(r.created_at) as first_at,
        array_agg(distinct r.reason order by r.reason) as reasons
      from design_reports r where r.state = 'open' group by r.design_id
    )
    select d.id as "designId", d.display_name as "designName", d.slug as "designSlug", d.status as "designStatus",
      d.taken_down_at is not null as "takenDown",
      sp.id as "artistId", sp.display_name as "artistName", sp.unique_username as "artistUsername",
      (select count(*)::int from design_takedowns t
        where t.seller_profile_id = sp.id and t.is_strike and t.restored_at is null) as strikes,
      sp.suspended_at is not null as "storefrontSuspended",
      q.open_count as "openReportCount", q.reasons,
      to_char(q.first_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "firstReportedAt",
      coalesce((select json_agg(json_build_object('id', r.id, 'reason', r.reason, 'email', r.email,
          'details', r.details,
          'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          order by r.created_at desc)
        from (select * from design_reports r where r.design_id = d.id and r.state = 'open'
          order by r.created_at desc limit ${QUEUE_REPORTS_PER_DESIGN}) r), '[]'::json) as reports,
      count(*) over () as "totalCount"
    from queued q
    join designs d on d.id = q.design_id
    join seller_profiles sp on sp.id = d.seller_profile_id
    order by q.first_at asc, d.id
    limit ${QUEUE_PAGE_SIZE} offset ${offset}`,
  );
  const totalCount = rows.length > 0 ? Number(rows[0]?.totalCount) : await countQueuedDesigns(db);
  return {
    entries: rows.map(({ totalCount: _total, ...entry }) => ({
      ...entry,
      reports: typeof entry.reports === "string" ? JSON.parse(entry.reports) : entry.reports,
    })),
    totalCount,
  };
}

async function countQueuedDesigns(db: Database): Promise<number> {
  const [row] = await selectRows<{ count: number | string }>(
    db,
    sql`select count(distinct design_id) as count from design_reports where state = 'open'`,
  );
  return Number(row?.count ?? 0);
}
