import { createHash } from "node:crypto";
import { colorDisplayName } from "@threadfolk/contract/colors";
import { SHIPPING_OPTIONS } from "@threadfolk/contract/shipping";
import { printFileSize } from "@threadfolk/contract/studio";
import { eq } from "drizzle-orm";
import type { MediaStorage } from "../../adapters/storage/storage.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { jobs, orderPackingSlips, orderPrintFiles } from "../../db/schema/index.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { HeavyWorkLimitError } from "../../lib/heavy-pool.ts";
import { nameGarmentStyle } from "../cart/presenters.ts";
import type { MediaRenderer } from "../media/media-renderer.ts";
import { findPrintOrder, type PrintLine, type PrintOrder } from "./find-print-lines.ts";
import type { PackingSlip } from "./packing-slip.ts";
import type { PrintFileRenderer } from "./print-file-renderer.ts";
import { packingSlipKey, printFileKey } from "./print-files.ts";
import { drawPurchasePicture, garmentOfLine, placementOfLine, purchasePictureKey } from "./purchase-pictures.ts";
import { type PrintFileSpec, printFileProblem } from "./render-print-file.ts";

/**
 * An order's production files cannot be made from what it has: the same run would fail again, so the job fails
 * at once (`permanent`, jobs/job-worker.ts) with the line and the reason, for the operators.
 */
export class PrintFileFailure extends Error {
  readonly permanent = true;
  constructor(
    readonly lineUuid: string | null,
    readonly reason: string,
  ) {
    super(lineUuid ? `line ${lineUuid}: ${reason}` : reason);
    this.name = "PrintFileFailure";
  }
}

const LIMIT_REASONS: Record<HeavyWorkLimitError["limit"], string> = {
  time: "its artwork is too complex to print: rendering took longer than the time limit",
  memory: "its artwork is too complex to print: rendering needed more memory than the limit",
  crash: "its artwork is too complex to print: rendering stopped unexpectedly",
};

/** Runs a heavy work task for `line`; a broken limit becomes the line's failure. */
async function forLine<T>(line: PrintLine, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HeavyWorkLimitError) throw new PrintFileFailure(line.uuid, LIMIT_REASONS[error.limit]);
    throw error;
  }
}

function sha256Hex(body: Buffer): string {
  return createHash("sha256").update(body).digest("hex");
}

/** The packing slip's facts from the order as paid. */
function packingSlipOf(found: PrintOrder, brandName: string): PackingSlip {
  const { order, lines, shipTo } = found;
  const shipping = SHIPPING_OPTIONS.find((option) => option.key === order.shippingServiceKey);
  const street = shipTo ? [shipTo.address1, shipTo.address2].filter((part) => part.trim() !== "").join(", ") : "";
  return {
    brandName,
    orderNumber: order.orderNumber,
    placedAt: (order.placedAt ?? order.paidAt ?? new Date()).toISOString(),
    shippingMethod: shipping ? `${shipping.displayName} (${shipping.deliveryEstimate})` : null,
    shipTo: shipTo
      ? {
          name: `${shipTo.firstName} ${shipTo.lastName}`,
          lines: [street, `${shipTo.city}, ${shipTo.state} ${shipTo.zip}`, "United States"],
        }
      : { name: "", lines: [] },
    items: lines.map((line) => ({
      designName: line.designName,
      style: nameGarmentStyle(line.style),
      color: colorDisplayName(line.color),
      size: line.size,
      quantity: line.quantity,
    })),
  };
}

export type RenderOrderPrintFilesResult =
  | { skipped: "order not found or not paid" }
  | { printFiles: number; drawn: number; pictures: number; packingSlip: "drawn" | "kept" };

/**
 * Makes every missing production file of a paid order (issue 27, decision 067), each stored once under its
 * immutable key and recorded: per line, the print file (`render-print-file.ts`, checked before it is recorded)
 * and the shopper's e-mail picture; then the packing slip. Idempotent: what is recorded is skipped, a file found
 * stored but not recorded (a run killed between the two) is checked and recorded, never drawn again. Throws
 * PrintFileFailure (permanent) when a line cannot be printed; anything else (storage, database) is retried.
 */
export async function renderOrderPrintFiles(options: {
  db: Database;
  storage: MediaStorage;
  renderer: PrintFileRenderer;
  /** Draws the e-mail pictures (the job's: the heavy lane's pool). */
  pictures: MediaRenderer;
  brandName: string;
  orderId: string;
  /** Called once the print files and the packing slip are stored and recorded, before the e-mail pictures. */
  onFilesStored?: () => Promise<void>;
}): Promise<RenderOrderPrintFilesResult> {
  const { db, storage, renderer, pictures, brandName, orderId } = options;
  const found = await findPrintOrder(db, orderId);
  if (!found) return { skipped: "order not found or not paid" };
  const recorded = new Set(
    (
      await db
        .select({ lineId: orderPrintFiles.orderLineItemId })
        .from(orderPrintFiles)
        .where(eq(orderPrintFiles.orderId, orderId))
    ).map((row) => row.lineId),
  );
  // Lines of one design version share its artwork: read once per run.
  const artworks = new Map<string, Promise<Buffer>>();
  const artworkOf = (line: PrintLine): Promise<Buffer> => {
    const key = line.artworkKey;
    if (!key) {
      return Promise.reject(
        new PrintFileFailure(line.uuid, `artwork version ${line.version} of design ${line.designId} is not recorded`),
      );
    }
    let artwork = artworks.get(key);
    if (!artwork) {
      artwork = storage.get(key).then((object) => {
        if (!object) throw new PrintFileFailure(line.uuid, `its artwork ${key} is missing from storage`);
        return object.body;
      });
      artworks.set(key, artwork);
    }
    return artwork;
  };

  let drawn = 0;
  let picturesDrawn = 0;
  for (const line of found.lines) {
    const garment = garmentOfLine(line);
    if (!recorded.has(line.id)) {
      const spec: PrintFileSpec = { garment, placement: placementOfLine(line, garment), ...printFileSize(garment) };
      const key = printFileKey(orderId, line.uuid, line.version);
      const stored = await storage.get(key);
      let body = stored?.body;
      if (!body) {
        const artwork = await artworkOf(line);
        const outcome = await forLine(line, () => renderer.printFile(artwork, spec));
        if (!outcome.ok) throw new PrintFileFailure(line.uuid, outcome.reason);
        body = outcome.png;
      }
      const problem = await printFileProblem(body, spec);
      if (problem) throw new PrintFileFailure(line.uuid, problem);
      if (!stored) {
        await storage.put(key, body, "image/png");
        drawn++;
      }
      await db
        .insert(orderPrintFiles)
        .values({
          orderLineItemId: line.id,
          orderId,
          storageKey: key,
          widthPx: spec.widthPx,
          heightPx: spec.heightPx,
          dpi: spec.dpi,
          byteSize: body.length,
          sha256: sha256Hex(body),
        })
        .onConflictDoNothing();
    }
  }

  const [slip] = await db
    .select({ key: orderPackingSlips.storageKey })
    .from(orderPackingSlips)
    .where(eq(orderPackingSlips.orderId, orderId));
  let packingSlip: "drawn" | "kept" = "kept";
  if (!slip) {
    const key = packingSlipKey(orderId);
    if (!(await storage.exists(key))) {
      let pdf: Buffer;
      try {
        pdf = await renderer.packingSlip(packingSlipOf(found, brandName));
      } catch (error) {
        if (error instanceof HeavyWorkLimitError)
          throw new PrintFileFailure(null, `its packing slip: ${error.message}`);
        throw error;
      }
      await storage.put(key, pdf, "application/pdf");
      packingSlip = "drawn";
    }
    await db.insert(orderPackingSlips).values({ orderId, storageKey: key }).onConflictDoNothing();
  }
  // The production files are in: the order can go to the print provider while the e-mail pictures are drawn
  // (they are not on its way; the picture route draws one still missing when it is asked for).
  await options.onFilesStored?.();
  for (const line of found.lines) {
    const pictureKey = purchasePictureKey(line.uuid);
    if (!(await storage.exists(pictureKey))) {
      const artwork = await artworkOf(line);
      const picture = await forLine(line, () => drawPurchasePicture({ renderer: pictures, line, artwork, brandName }));
      await storage.put(pictureKey, picture, "image/jpeg");
      picturesDrawn++;
    }
  }
  return { printFiles: found.lines.length, drawn, pictures: picturesDrawn, packingSlip };
}

/**
 * The `render_order_print_files` job (heavy lane). Once everything of the order is stored it calls
 * `onPrintFilesReady(orderId)` (the submission to the print provider is queued there); at least once: a run
 * repeated after a crash calls it again, so it must be idempotent. A line that cannot be printed fails the job
 * for good, with the line and the reason in its `result.failure` and `last_error`.
 */
export function createRenderOrderPrintFilesHandler(options: {
  db: Database;
  storage: MediaStorage;
  /** The heavy lane's renderers (its pool's child process). */
  renderer: PrintFileRenderer;
  pictures: MediaRenderer;
  config: Pick<Config, "BRAND_NAME">;
  onPrintFilesReady?: (orderId: string) => Promise<void>;
}): JobHandler<"render_order_print_files"> {
  const { db, storage, renderer, pictures, config } = options;
  const onPrintFilesReady = options.onPrintFilesReady ?? (async () => undefined);
  return {
    // The worker renews the lease while a large order's lines are drawn; a killed process's job is taken up
    // again two minutes later (decision 069), so a paid order is not held back for long.
    retry: {
      maxAttempts: 5,
      baseDelaySeconds: 10,
      maxDelaySeconds: 600,
      leaseSeconds: 120,
      renewLeaseUpToSeconds: 900,
    },
    async run({ orderId }, job) {
      try {
        const result = await renderOrderPrintFiles({
          db,
          storage,
          renderer,
          pictures,
          brandName: config.BRAND_NAME,
          orderId,
          onFilesStored: () => onPrintFilesReady(orderId),
        });
        // onPrintFilesReady ran once the files were stored (before the e-mail pictures).
        return result;
      } catch (error) {
        if (error instanceof PrintFileFailure) {
          const failure = { lineUuid: error.lineUuid, reason: error.reason };
          await db.update(jobs).set({ result: { failure } }).where(eq(jobs.id, job.id));
        }
        throw error;
      }
    },
  };
}
