import { sql } from "drizzle-orm";
import type { MediaStorage } from "../../adapters/storage/storage.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { getPrintFileSecret, keyOfPrintFileUrl, signPrintFileUrl } from "./print-file-urls.ts";
import { enqueueOrderPrintFiles, readOrderPrintFiles } from "./print-files.ts";
import type { PrintFileSource } from "./submit-order.ts";

/**
 * What the submission sends a provider of an order's print files (decision 069): signed links to the stored files
 * when all are made; `pending` while the heavy lane makes them (queued here if it never was); `failed` with the
 * job's reason when they could not be made (the order then waits on hold for the operators).
 */
export function createPrintFileSource(options: { db: Database; config: Config }): PrintFileSource {
  const { db, config } = options;
  return async (orderId) => {
    const files = await readOrderPrintFiles(db, orderId);
    if (files) {
      const secret = await getPrintFileSecret({ db, config });
      const sign = (key: string) => signPrintFileUrl({ config, secret, key });
      return {
        status: "ready",
        files: new Map(
          files.lines.map((line) => [
            line.lineUuid,
            { url: sign(line.storageKey), widthPx: line.widthPx, heightPx: line.heightPx, dpi: line.dpi },
          ]),
        ),
        packingSlipUrl: sign(files.packingSlipKey),
      };
    }
    const result = (await db.execute(sql`select status, last_error from jobs
      where kind = 'render_order_print_files' and dedupe_key = ${orderId}`)) as unknown as {
      rows: Array<{ status: string; last_error: string | null }>;
    };
    const [job] = result.rows;
    if (!job) {
      await enqueueOrderPrintFiles(db, orderId);
      return { status: "pending" };
    }
    if (job.status === "failed") return { status: "failed", reason: job.last_error ?? "the renderer gave no reason" };
    return { status: "pending" };
  };
}

/** Reads a file the local print shop was sent by its signed link, from storage (no HTTP round trip to ourselves). */
export function createPrintFileReader(options: { db: Database; config: Config; storage: MediaStorage }) {
  const { db, config, storage } = options;
  return async (url: string): Promise<Buffer> => {
    const secret = await getPrintFileSecret({ db, config });
    const key = keyOfPrintFileUrl({ secret, url });
    if (!key) throw new Error("not a valid print file link");
    const stored = await storage.get(key);
    if (!stored) throw new Error("no such print file");
    return stored.body;
  };
}
