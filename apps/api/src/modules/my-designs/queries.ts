import type { MyDesignsFilter } from "@threadfolk/contract/studio-sales";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designDrafts, designs, uploads } from "../../db/schema/index.ts";
import { selectRows } from "../../db/select-rows.ts";

export type MyDesignRef = { kind: "design" | "draft"; id: string };

/** Which designs a My Designs filter selects (live = active; drafts are rows of their own). */
function designStatusCondition(filter: MyDesignsFilter): SQL | undefined {
  if (filter === "live") return sql`${designs.status} = 'active' and ${designs.takenDownAt} is null`;
  if (filter === "deactivated") return sql`${designs.status} = 'deactivated'`;
  return undefined;
}

/**
 * One page of an artist's designs and unpublished drafts, newest first (a design by when it was created, a
 * draft by when it was started), with the total. One statement over both tables.
 */
export async function findMyDesignPage({
  db,
  artistId,
  filter,
  page,
  perPage,
}: {
  db: Database;
  artistId: string;
  filter: MyDesignsFilter;
  page: number;
  perPage: number;
}): Promise<{ refs: MyDesignRef[]; totalCount: number }> {
  const parts: SQL[] = [];
  if (filter !== "draft") {
    const status = designStatusCondition(filter);
    parts.push(sql`select 'design' as kind, ${designs.id} as id, ${designs.createdAt} as created_at
      from ${designs} where ${and(eq(designs.sellerProfileId, artistId), status)}`);
  }
  if (filter === "draft" || filter === "all") {
    parts.push(sql`select 'draft' as kind, ${designDrafts.id} as id, ${designDrafts.createdAt} as created_at
      from ${designDrafts}
      where ${designDrafts.sellerProfileId} = ${artistId} and ${designDrafts.publishedDesignId} is null`);
  }
  const union = sql.join(parts, sql` union all `);
  const rows = await selectRows<{ kind: "design" | "draft"; id: string; total_count: number | string }>(
    db,
    sql`select kind, id, count(*) over () as total_count from (${union}) as mine
      order by created_at desc, id asc limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  let totalCount = Number(rows[0]?.total_count ?? 0);
  if (rows.length === 0 && page > 1) {
    const counted = await selectRows<{ total_count: number | string }>(
      db,
      sql`select count(*) as total_count from (${union}) as mine`,
    );
    totalCount = Number(counted[0]?.total_count ?? 0);
  }
  return { refs: rows.map((row) => ({ kind: row.kind, id: row.id })), totalCount };
}

/** The artist's designs by id (any status). */
export async function findDesignsByIds({ db, designIds }: { db: Database; designIds: readonly string[] }) {
  if (designIds.length === 0) return [];
  return db
    .select()
    .from(designs)
    .where(inArray(designs.id, [...designIds]));
}

/** Unpublished drafts by id. */
export async function findDraftsByIds({ db, draftIds }: { db: Database; draftIds: readonly string[] }) {
  if (draftIds.length === 0) return [];
  return db
    .select()
    .from(designDrafts)
    .where(inArray(designDrafts.id, [...draftIds]));
}

/** The ready uploads among `uploadIds` that belong to the user (a draft's artwork, for its preview). */
export async function findReadyUploads({
  db,
  userId,
  uploadIds,
}: {
  db: Database;
  userId: string;
  uploadIds: readonly string[];
}) {
  if (uploadIds.length === 0) return [];
  return db
    .select({ id: uploads.id, userId: uploads.userId, sourceKey: uploads.sourceKey, updatedAt: uploads.updatedAt })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, [...uploadIds]),
        eq(uploads.userId, userId),
        sql`${uploads.status} = 'ready'`,
        sql`${uploads.sourceKey} is not null`,
      ),
    );
}

/** A design's owner and status by uuid, whoever owns it (the policy decides), or undefined. */
export async function findDesignOwner({ db, designId }: { db: Database; designId: string }) {
  const [row] = await db
    .select({
      id: designs.id,
      sellerProfileId: designs.sellerProfileId,
      status: designs.status,
      takenDownAt: designs.takenDownAt,
    })
    .from(designs)
    .where(eq(designs.id, designId));
  return row;
}

/** Sets a design's status (deactivated hides it everywhere the public looks; active restores it). */
export async function updateDesignStatus({
  db,
  designId,
  status,
}: {
  db: Database;
  designId: string;
  status: "active" | "deactivated";
}) {
  await db
    .update(designs)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(designs.id, designId), sql`${designs.status} <> ${status}`));
}
