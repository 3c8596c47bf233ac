import type { ModerationReason } from "@threadfolk/contract/moderation";
import type { PlacedOrderState } from "@threadfolk/contract/orders";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/select-rows.ts";
import { AppError } from "../../lib/app-error.ts";

export const PEOPLE_PAGE_SIZE = 25;
/** Orders and designs shown on a person's page at most (newest first). */
export const PERSON_LIST_LIMIT = 50;

/** A person in the search results: what identifies them, never a secret. */
export type PersonSummary = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  createdAt: string;
  accountSuspended: boolean;
  storefront: { id: string; displayName: string; username: string; suspended: boolean } | null;
};

const timestamp = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The columns of a person (users `u`, their storefront `sp`): an explicit list, so no hash can slip in. */
const personColumns = sql`u.id, u.email, u.first_name as "firstName", u.last_name as "lastName",
  u.username, ${timestamp("u.created_at")} as "createdAt", u.disabled_at is not null as "accountSuspended",
  case when sp.id is null then null else json_build_object('id', sp.id, 'displayName', sp.display_name,
    'username', sp.unique_username, 'suspended', sp.suspended_at is not null) end as storefront`;

function decode<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/**
 * People (issue 28): customers and artists whose e-mail, name, username or storefront name contains what was
 * typed (case-insensitive), newest accounts first.
 */
export async function findPeople({
  db,
  query,
  page,
}: {
  db: Database;
  query: string;
  page: number;
}): Promise<{ people: PersonSummary[]; totalCount: number }> {
  const words = query.trim().toLowerCase();
  const pattern = `%${words.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await selectRows<PersonSummary & { totalCount: string | number }>(
    db,
    sql`select ${personColumns}, count(*) over () as "totalCount"
    from users u left join seller_profiles sp on sp.user_id = u.id
    where ${
      words === ""
        ? sql`true`
        : sql`(lower(u.email) like ${pattern} or lower(u.first_name || ' ' || u.last_name) like ${pattern}
      or u.unique_username like ${pattern} or sp.unique_username like ${pattern} or lower(sp.display_name) like ${pattern})`
    }
    order by u.created_at desc, u.id
    limit ${PEOPLE_PAGE_SIZE} offset ${(page - 1) * PEOPLE_PAGE_SIZE}`,
  );
  return {
    people: rows.map(({ totalCount: _total, ...person }) => ({ ...person, storefront: decode(person.storefront) })),
    totalCount: rows.length > 0 ? Number(rows[0]?.totalCount) : 0,
  };
}

export type PersonOrder = { number: string; placedAt: string; totalCents: number; state: PlacedOrderState };
export type PersonDesign = {
  id: string;
  displayName: string;
  slug: string;
  status: "active" | "deactivated";
  takenDown: boolean;
  publishedAt: string | null;
};
export type PersonTakedown = {
  id: string;
  designId: string;
  designName: string;
  kind: ModerationReason;
  reason: string;
  isStrike: boolean;
  createdAt: string;
  restoredAt: string | null;
};
export type PersonDetail = PersonSummary & {
  suspensionReason: string | null;
  storefrontSuspension: { cause: "strikes" | "operator"; reason: string | null; since: string } | null;
  strikes: number;
  orders: PersonOrder[];
  designs: PersonDesign[];
  takedowns: PersonTakedown[];
};

/** A person's page: who they are, their placed orders, their designs with their state, their takedowns and strikes. */
export async function getPerson({ db, userId }: { db: Database; userId: string }): Promise<PersonDetail> {
  const [person] = await selectRows<
    PersonSummary & {
      suspensionReason: string | null;
      storefrontSuspension: PersonDetail["storefrontSuspension"] | string;
    }
  >(
    db,
    sql`select ${personColumns}, u.suspension_reason as "suspensionReason",
      case when sp.suspended_at is null then null else json_build_object('cause', sp.suspension_cause,
        'reason', sp.suspension_reason, 'since', ${timestamp("sp.suspended_at")}) end as "storefrontSuspension"
    from users u left join seller_profiles sp on sp.user_id = u.id where u.id = ${userId}`,
  );
  if (!person) throw AppError.notFound("Person");
  const storefront = decode(person.storefront);
  const storefrontId = storefront?.id ?? null;
  const [orders, designs, takedowns] = await Promise.all([
    selectRows<PersonOrder & { totalCents: number | string }>(
      db,
      sql`select o.order_number as number, ${timestamp("o.placed_at")} as "placedAt",
        coalesce(o.total_cents, 0) as "totalCents", o.state
      from orders o where o.user_id = ${userId} and o.state <> 'cart' and o.placed_at is not null
      order by o.placed_at desc limit ${PERSON_LIST_LIMIT}`,
    ),
    storefrontId
      ? selectRows<PersonDesign>(
          db,
          sql`select d.id, d.display_name as "displayName", d.slug, d.status,
            d.taken_down_at is not null as "takenDown", ${timestamp("d.published_at")} as "publishedAt"
          from designs d where d.seller_profile_id = ${storefrontId}
          order by d.created_at desc limit ${PERSON_LIST_LIMIT}`,
        )
      : Promise.resolve([]),
    storefrontId
      ? selectRows<PersonTakedown>(
          db,
          sql`select t.id, t.design_id as "designId", d.display_name as "designName", t.kind, t.reason,
            t.is_strike as "isStrike", ${timestamp("t.created_at")} as "createdAt",
            ${timestamp("t.restored_at")} as "restoredAt"
          from design_takedowns t join designs d on d.id = t.design_id
          where t.seller_profile_id = ${storefrontId} order by t.created_at desc`,
        )
      : Promise.resolve([]),
  ]);
  return {
    ...person,
    storefront,
    storefrontSuspension: decode(person.storefrontSuspension),
    strikes: takedowns.filter((takedown) => takedown.isStrike && takedown.restoredAt === null).length,
    orders: orders.map((order) => ({ ...order, totalCents: Number(order.totalCents) })),
    designs,
    takedowns,
  };
}
