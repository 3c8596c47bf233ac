import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { uploads } from "../../db/schema/index.ts";
import type { UploadStore } from "./upload-store.ts";

/** An upload still receiving this long after its last byte arrived is abandoned (the client resumes sooner). */
export const STALE_UPLOAD_HOURS = 24;
const BATCH_SIZE = 200;

/**
 * Removes uploads stuck in `receiving` for more than STALE_UPLOAD_HOURS since they were created, with their
 * partial bytes in the upload store: run by the hourly `purge_stale_rows` job. The row is deleted only once
 * its bytes are gone, so a failure leaves both for the next pass. Returns how many were removed.
 */
export async function purgeStaleUploads(options: { db: Database; uploadStore: UploadStore }): Promise<number> {
  const { db, uploadStore } = options;
  let total = 0;
  for (;;) {
    const stale = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        and(
          eq(uploads.status, "receiving"),
          lt(uploads.updatedAt, sql`now() - make_interval(hours => ${STALE_UPLOAD_HOURS})`),
        ),
      )
      .limit(BATCH_SIZE);
    if (stale.length === 0) return total;
    for (const { id } of stale) await uploadStore.remove(id);
    const ids = stale.map((row) => row.id);
    const deleted = await db
      .delete(uploads)
      .where(and(inArray(uploads.id, ids), eq(uploads.status, "receiving")))
      .returning({ id: uploads.id });
    total += deleted.length;
    if (stale.length < BATCH_SIZE) return total;
  }
}
