import type { UploadPurpose } from "@threadfolk/contract/studio";
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { uploads } from "../../db/schema/index.ts";

/** Uploads a customer may have receiving at once: enough for any wizard, too few to fill a disk. */
export const MAX_OPEN_UPLOADS = 10;

/** The words of the refusal past MAX_OPEN_UPLOADS. */
export const OPEN_UPLOADS_LIMIT_MESSAGE = `You have ${MAX_OPEN_UPLOADS} uploads in progress: finish or cancel one before starting another`;

/**
 * Records a new upload `receiving`, unless its owner already has MAX_OPEN_UPLOADS receiving: answers false then.
 * Counted and inserted in one transaction under a lock on the owner (a transaction-level advisory lock), so
 * parallel starts, on any number of instances, are counted one after another and can never pass the limit.
 */
export async function openUpload(options: {
  db: Database;
  id: string;
  userId: string;
  purpose: UploadPurpose;
  fileName: string;
  declaredBytes: number;
}): Promise<boolean> {
  const { db, ...upload } = options;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`threadfolk:open-uploads:${upload.userId}`}, 0))`,
    );
    const [open] = await tx
      .select({ total: count() })
      .from(uploads)
      .where(and(eq(uploads.userId, upload.userId), eq(uploads.status, "receiving")));
    if (Number(open?.total ?? 0) >= MAX_OPEN_UPLOADS) return false;
    await tx.insert(uploads).values(upload);
    return true;
  });
}
