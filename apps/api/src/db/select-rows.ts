import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/** Runs raw SQL and returns its rows; both drivers (node-postgres and PGlite) answer `{ rows }`. */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Runs a query of index matches with index walks and sequential scans off, so the planner can only read the
 * GIN (or other) indexes through bitmap scans and the cost follows the number of matches. Its row estimate
 * for words together can be far off ('black anime': thousands expected, none found), and under a LIMIT it
 * likes to walk an ordered index or the whole table hoping to meet matches soon (decision 012).
 */
export async function selectThroughBitmaps<Row>(db: Database, query: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    return selectRows<Row>(tx, query);
  });
}
