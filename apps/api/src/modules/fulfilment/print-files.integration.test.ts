import { createHash } from "node:crypto";
import type { ProductColor } from "@threadfolk/contract/colors";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildDesign, type Variant } from "../../../test/factories/catalogue.ts";
import { buildPaidOrder } from "../../../test/factories/paid-orders.ts";
import { buildReadyUpload, publishThroughStudio } from "../../../test/factories/studio.ts";
import { pngBomb } from "../../../test/pictures.ts";
import { signInNewArtist } from "../../../test/studio-actors.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import {
  designArtworkVersions,
  designs,
  jobs,
  orderLineItems,
  orderPackingSlips,
  orderPrintFiles,
  sellerDesignProductVariants,
} from "../../db/schema/index.ts";
import { jobKinds } from "../../jobs/job-kinds.ts";
import { createJobLanes } from "../../jobs/job-lanes.ts";
import type { JobHandlers } from "../../jobs/job-worker.ts";
import { createHeavyPool, type HeavyPool } from "../../lib/heavy-pool.ts";
import { artworkKey } from "../media/media-keys.ts";
import { renderInPool } from "../media/render-in-pool.ts";
import { type PrintFileRenderer, renderPrintFilesInPool } from "./print-file-renderer.ts";
import { enqueueOrderPrintFiles, packingSlipKey, printFileKey, readOrderPrintFiles } from "./print-files.ts";
import { purchasePictureKey } from "./purchase-pictures.ts";
import { createRenderOrderPrintFilesHandler, renderOrderPrintFiles } from "./render-order-print-files.ts";

/**
 * The print files of paid orders (issue 27, decision 067): made in the heavy lane from the artwork of each line's
 * frozen version at its placement, checked, stored once under immutable keys, recorded; with the packing slip
 * and the shoppers' e-mail pictures. Read back with sharp and a PDF text extractor, never taken on trust.
 */

let server: TestServer;
const pools: HeavyPool[] = [];
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  server = await getTestServer();
});

afterEach(async () => {
  while (pools.length > 0) await pools.pop()?.close();
});

afterAll(async () => {
  await server?.close();
});

/** A square of one opaque colour (every pixel of it prints). */
function solidPicture(side: number, color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 4, background: { ...color, alpha: 1 } } })
    .png()
    .toBuffer();
}

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 20, g: 40, b: 210 };

/** A design with its artwork stored and, when given, the artist's placements per garment. */
async function designWithArtwork(options: {
  artwork: Buffer;
  placements?: Record<string, unknown>;
  garmentStyleKeys?: string[];
  displayName?: string;
}): Promise<Variant> {
  const db = server.database.db;
  const { design, defaultVariant } = await buildDesign(db, {
    ...(options.garmentStyleKeys ? { garmentStyleKeys: options.garmentStyleKeys } : {}),
    ...(options.displayName ? { displayName: options.displayName } : {}),
    placements: options.placements ?? {},
  });
  await server.context.storage.put(artworkKey(design.id), options.artwork, "image/png");
  return defaultVariant;
}

async function pixelAt(png: Buffer, x: number, y: number): Promise<number[]> {
  return [...(await sharp(png).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer())];
}

/** Lanes running only the print files job, with this handler (its renderers, its hook). */
function printFileLanes(options: { renderer?: PrintFileRenderer; pool?: HeavyPool; ready?: string[] } = {}) {
  const pool = options.pool ?? server.context.heavyWork.prints;
  const handlers = Object.fromEntries(Object.keys(jobKinds).map((kind) => [kind, undefined])) as JobHandlers;
  return createJobLanes({
    db: server.database.db,
    log: silent,
    pollIntervalMs: 60_000,
    handlers: {
      ...handlers,
      render_order_print_files: createRenderOrderPrintFilesHandler({
        db: server.database.db,
        storage: server.context.storage,
        renderer: options.renderer ?? renderPrintFilesInPool(pool),
        pictures: renderInPool(pool),
        config: server.config,
        onPrintFilesReady: async (orderId) => {
          options.ready?.push(orderId);
        },
      }),
    },
  });
}

async function jobOf(orderId: string) {
  const [job] = await server.database.db
    .select()
    .from(jobs)
    .where(sql`${jobs.kind} = 'render_order_print_files' and ${jobs.dedupeKey} = ${orderId}`);
  return job;
}

describe("the render_order_print_files job", () => {
  it("renders each line's print file at its placement, the packing slip and the pictures, then says so", async () => {
    const db = server.database.db;
    // A placed tee (a quarter of the width, from the middle) and a women's tee at the default placement.
    const tee = await designWithArtwork({
      artwork: await solidPicture(1200, RED),
      placements: { tee: { x: 0.5, y: 0.5, scale: 0.25 } },
      displayName: "Kaiju Sunset",
    });
    const fitted = await designWithArtwork({
      artwork: await solidPicture(1600, BLUE),
      garmentStyleKeys: ["womens_tee"],
      displayName: "Night Swim",
    });
    const { order, lines } = await buildPaidOrder(db, {
      lines: [
        { variant: tee, color: "navy" satisfies ProductColor, size: "XL", quantity: 2 },
        { variant: fitted, color: "white", size: "S" },
      ],
      shippingAddress: { firstName: "Ada", lastName: "Lovelace", city: "Minneapolis", zip: "55401" },
    });
    expect(await readOrderPrintFiles(db, order.id)).toBeNull();

    await enqueueOrderPrintFiles(db, order.id);
    // A second enqueue of the same order adds nothing.
    expect(await enqueueOrderPrintFiles(db, order.id)).toBeUndefined();
    const ready: string[] = [];
    const jobsPool = server.context.heavyWork.prints;
    const before = { ...jobsPool.stats().tasks };
    await printFileLanes({ ready }).processDue();

    expect(await jobOf(order.id)).toMatchObject({
      status: "succeeded",
      attempts: 1,
      result: { printFiles: 2, drawn: 2, pictures: 2, packingSlip: "drawn" },
    });
    expect(ready).toEqual([order.id]);
    // Drawn in a print lane's child process, never on this thread.
    expect(jobsPool.stats().tasks.render_print_file).toBe((before.render_print_file ?? 0) + 2);
    expect(jobsPool.stats().tasks.render_packing_slip).toBe((before.render_packing_slip ?? 0) + 1);

    const [teeLine, fittedLine] = lines as [(typeof lines)[number], (typeof lines)[number]];
    const files = await readOrderPrintFiles(db, order.id);
    expect(files).toEqual({
      lines: [
        {
          lineItemId: teeLine.id,
          lineUuid: teeLine.uuid,
          storageKey: printFileKey(order.id, teeLine.uuid, 1),
          widthPx: 3600,
          heightPx: 4800,
          dpi: 300,
        },
        {
          lineItemId: fittedLine.id,
          lineUuid: fittedLine.uuid,
          storageKey: printFileKey(order.id, fittedLine.uuid, 1),
          widthPx: 3150,
          heightPx: 4200,
          dpi: 300,
        },
      ],
      packingSlipKey: packingSlipKey(order.id),
    });

    const rows = await db.select().from(orderPrintFiles).where(eq(orderPrintFiles.orderId, order.id));
    for (const file of files?.lines ?? []) {
      const stored = await server.context.storage.get(file.storageKey);
      if (!stored) throw new Error(`${file.storageKey} is not stored`);
      const metadata = await sharp(stored.body).metadata();
      expect(metadata).toMatchObject({
        format: "png",
        width: file.widthPx,
        height: file.heightPx,
        density: 300,
        space: "srgb",
        channels: 4,
        hasAlpha: true,
        hasProfile: true,
      });
      const row = rows.find((candidate) => candidate.orderLineItemId === file.lineItemId);
      expect(row).toMatchObject({
        byteSize: stored.body.length,
        sha256: createHash("sha256").update(stored.body).digest("hex"),
      });
    }

    // The placed tee: the artwork covers 900 x 900 px from (1800, 2400); nothing prints outside it.
    const teeFile = (await server.context.storage.get(printFileKey(order.id, teeLine.uuid, 1)))?.body as Buffer;
    expect(await pixelAt(teeFile, 1800, 2400)).toEqual([220, 30, 30, 255]);
    expect(await pixelAt(teeFile, 2699, 3299)).toEqual([220, 30, 30, 255]);
    expect((await pixelAt(teeFile, 1795, 2600))[3]).toBe(0);
    expect((await pixelAt(teeFile, 2705, 2600))[3]).toBe(0);
    expect((await pixelAt(teeFile, 2000, 3305))[3]).toBe(0);
    expect((await pixelAt(teeFile, 100, 100))[3]).toBe(0);
    // The default placement: as large as fits inside a 4% margin (126 px of 3150), hung from the top.
    const fittedFile = (await server.context.storage.get(printFileKey(order.id, fittedLine.uuid, 1)))?.body as Buffer;
    expect(await pixelAt(fittedFile, 126, 126)).toEqual([20, 40, 210, 255]);
    expect(await pixelAt(fittedFile, 3023, 3023)).toEqual([20, 40, 210, 255]);
    expect((await pixelAt(fittedFile, 120, 500))[3]).toBe(0);
    expect((await pixelAt(fittedFile, 1500, 3030))[3]).toBe(0);

    // The packing slip: a PDF that reads back with the order number, the items and the ship-to address.
    const [slipRow] = await db.select().from(orderPackingSlips).where(eq(orderPackingSlips.orderId, order.id));
    expect(slipRow?.storageKey).toBe(packingSlipKey(order.id));
    const slip = await server.context.storage.get(packingSlipKey(order.id));
    expect(slip?.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(slip?.body as Buffer)), {
      mergePages: true,
    });
    for (const expected of [
      order.orderNumber,
      "Kaiju Sunset",
      "Night Swim",
      "Navy",
      "White",
      "XL",
      "Ada Lovelace",
      "Minneapolis, MN 55401",
      "3 items in all",
    ]) {
      expect(text).toContain(expected);
    }

    // Each line's e-mail picture: the purchase on its garment colour, as JPEG.
    for (const line of lines) {
      const picture = await server.context.storage.get(purchasePictureKey(line.uuid));
      expect(await sharp(picture?.body).metadata()).toMatchObject({ format: "jpeg", width: 320, height: 320 });
    }
  });

  it("skips what is made when run again, and finishes what a crash left half done", async () => {
    const db = server.database.db;
    const variant = await designWithArtwork({ artwork: await solidPicture(1000, RED) });
    const { order, lines } = await buildPaidOrder(db, { lines: [{ variant }, { variant, color: "white" }] });
    const [first, second] = lines as [(typeof lines)[number], (typeof lines)[number]];
    // A renderer that dies on the second line (as a process killed mid-way would stop).
    const real = renderPrintFilesInPool(server.context.heavyWork.prints);
    let calls = 0;
    const dying: PrintFileRenderer = {
      ...real,
      async printFile(artwork, spec) {
        calls++;
        if (calls === 2) throw new Error("the process was killed");
        return real.printFile(artwork, spec);
      },
    };
    await enqueueOrderPrintFiles(db, order.id);
    await printFileLanes({ renderer: dying }).processDue();
    const interrupted = await jobOf(order.id);
    expect(interrupted).toMatchObject({ status: "pending", attempts: 1, lastError: "the process was killed" });
    expect(await readOrderPrintFiles(db, order.id)).toBeNull();
    const firstKey = printFileKey(order.id, first.uuid, 1);
    const kept = await server.context.storage.get(firstKey);
    expect(kept).toBeDefined();
    // And as if killed between storing the first file and recording it: the file is there, its row is not.
    await db.delete(orderPrintFiles).where(eq(orderPrintFiles.orderId, order.id));

    // The retry (run now instead of after its back-off) finishes the order without drawing the first line's
    // print file again (the e-mail pictures come after every print file, so none was drawn before the crash).
    await db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, interrupted?.id as string));
    const ready: string[] = [];
    await printFileLanes({ ready }).processDue();
    expect(await jobOf(order.id)).toMatchObject({
      status: "succeeded",
      attempts: 2,
      result: { printFiles: 2, drawn: 1, pictures: 2, packingSlip: "drawn" },
    });
    expect(ready).toEqual([order.id]);
    expect((await server.context.storage.get(firstKey))?.body.equals(kept?.body as Buffer)).toBe(true);
    const files = await readOrderPrintFiles(db, order.id);
    expect(files?.lines.map((line) => line.lineUuid)).toEqual([first.uuid, second.uuid]);

    // Once more, directly: nothing is drawn, stored or recorded again.
    const rowsBefore = await db.select().from(orderPrintFiles).where(eq(orderPrintFiles.orderId, order.id));
    const again = await renderOrderPrintFiles({
      db,
      storage: server.context.storage,
      renderer: real,
      pictures: renderInPool(server.context.heavyWork.prints),
      brandName: server.config.BRAND_NAME,
      orderId: order.id,
    });
    expect(again).toEqual({ printFiles: 2, drawn: 0, pictures: 0, packingSlip: "kept" });
    expect(await db.select().from(orderPrintFiles).where(eq(orderPrintFiles.orderId, order.id))).toEqual(rowsBefore);
  });

  it("prints the version the order froze, after the artist replaced the artwork and moved it", async () => {
    const db = server.database.db;
    const { user, token } = await signInNewArtist(server);
    const storage = server.context.storage;
    const first = await buildReadyUpload(db, storage, { userId: user.id, body: await solidPicture(2000, RED) });
    const designId = await publishThroughStudio(server, token, {
      uploadId: first.id,
      title: "First Light",
      description: "A red square, then a blue one.",
      tags: ["squares"],
    });
    const [variant] = await db
      .select()
      .from(sellerDesignProductVariants)
      .where(eq(sellerDesignProductVariants.designId, designId));
    const { order, lines } = await buildPaidOrder(db, { lines: [{ variant: variant as Variant }] });
    const line = lines[0] as (typeof lines)[number];
    await db.update(orderLineItems).set({ artworkVersion: 1 }).where(eq(orderLineItems.id, line.id));

    // The artist uploads a blue artwork and places it small in the middle: version 2.
    const second = await buildReadyUpload(db, storage, { userId: user.id, body: await solidPicture(2000, BLUE) });
    const edited = await server.request(`/api/v1/seller_designs/${designId}`, {
      method: "PATCH",
      token,
      body: { seller_design: { artwork_upload_id: second.id, placements: { tee: { x: 0.5, y: 0.5, scale: 0.25 } } } },
    });
    expect(edited.status, edited.text).toBe(200);
    const [design] = await db.select().from(designs).where(eq(designs.id, designId));
    expect(design?.artworkVersion).toBe(2);
    const versions = await db
      .select()
      .from(designArtworkVersions)
      .where(eq(designArtworkVersions.designId, designId))
      .orderBy(designArtworkVersions.version);
    expect(versions.map((version) => version.version)).toEqual([1, 2]);
    expect(versions[0]?.artworkKey).toMatch(new RegExp(`^designs/${designId}/artworks/[0-9a-f]{64}\\.png$`));
    expect(versions[0]?.artworkKey).not.toBe(versions[1]?.artworkKey);

    await renderOrderPrintFiles({
      db,
      storage,
      renderer: renderPrintFilesInPool(server.context.heavyWork.prints),
      pictures: renderInPool(server.context.heavyWork.prints),
      brandName: server.config.BRAND_NAME,
      orderId: order.id,
    });
    const file = (await storage.get(printFileKey(order.id, line.uuid, 1)))?.body as Buffer;
    // Version 1: the red artwork at the default placement (from 144 px in), not version 2's blue square.
    expect(await pixelAt(file, 200, 200)).toEqual([220, 30, 30, 255]);
    expect(await pixelAt(file, 2000, 2600)).toEqual([220, 30, 30, 255]);
  });

  it("keeps a design's replaceable artwork for the versions that named it before it is replaced", async () => {
    const db = server.database.db;
    const { user, token, artist } = await signInNewArtist(server);
    const storage = server.context.storage;
    // A design from before immutable keys: its version 1 names designs/{id}/artwork.png.
    const { design, defaultVariant } = await buildDesign(db, { artist, artworkWidth: 2000, artworkHeight: 2000 });
    await storage.put(artworkKey(design.id), await solidPicture(2000, RED), "image/png");
    const { order, lines } = await buildPaidOrder(db, { lines: [{ variant: defaultVariant }] });
    const line = lines[0] as (typeof lines)[number];
    await db.update(orderLineItems).set({ artworkVersion: 1 }).where(eq(orderLineItems.id, line.id));

    const blue = await buildReadyUpload(db, storage, { userId: user.id, body: await solidPicture(2000, BLUE) });
    const edited = await server.request(`/api/v1/seller_designs/${design.id}`, {
      method: "PATCH",
      token,
      body: { seller_design: { artwork_upload_id: blue.id } },
    });
    expect(edited.status, edited.text).toBe(200);
    const [version1] = await db
      .select()
      .from(designArtworkVersions)
      .where(sql`${designArtworkVersions.designId} = ${design.id} and ${designArtworkVersions.version} = 1`);
    expect(version1?.artworkKey).not.toBe(artworkKey(design.id));

    await renderOrderPrintFiles({
      db,
      storage,
      renderer: renderPrintFilesInPool(server.context.heavyWork.prints),
      pictures: renderInPool(server.context.heavyWork.prints),
      brandName: server.config.BRAND_NAME,
      orderId: order.id,
    });
    const file = (await storage.get(printFileKey(order.id, line.uuid, 1)))?.body as Buffer;
    expect(await pixelAt(file, 1800, 1800)).toEqual([220, 30, 30, 255]);
  });

  it("fails for good, with the line and the reason, on an artwork that cannot be printed", async () => {
    const db = server.database.db;
    // A decompression bomb where the artwork should be: 400 megapixels claimed in a few hundred bytes.
    const hostile = await designWithArtwork({ artwork: pngBomb(20_000, 20_000) });
    const { order, lines } = await buildPaidOrder(db, { lines: [{ variant: hostile }] });
    await enqueueOrderPrintFiles(db, order.id);
    const ready: string[] = [];
    const lanes = printFileLanes({ ready });
    await lanes.processDue();

    const job = await jobOf(order.id);
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(job?.lastError).toBe(`line ${lines[0]?.uuid}: its artwork has more than 100 megapixels`);
    expect(job?.result).toEqual({
      failure: { lineUuid: lines[0]?.uuid, reason: "its artwork has more than 100 megapixels" },
    });
    expect(ready).toEqual([]);
    expect(await readOrderPrintFiles(db, order.id)).toBeNull();
    // Nothing brings it back.
    expect(await lanes.processDue()).toBe(0);
  });

  it("fails for good when an artwork breaks the heavy work limits, without holding the lane", async () => {
    const db = server.database.db;
    const variant = await designWithArtwork({ artwork: await solidPicture(1500, RED) });
    const { order, lines } = await buildPaidOrder(db, { lines: [{ variant }] });
    // No print file is drawn within a millisecond: the first task breaks this time limit.
    const pool = createHeavyPool({ size: 1, timeLimitMs: 1, memoryLimitMb: 1536 });
    pools.push(pool);
    await enqueueOrderPrintFiles(db, order.id);
    const lanes = printFileLanes({ pool });
    await lanes.processDue();

    const job = await jobOf(order.id);
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(job?.lastError).toBe(
      `line ${lines[0]?.uuid}: its artwork is too complex to print: rendering took longer than the time limit`,
    );
    expect(pool.stats()).toEqual({ tasks: { render_print_file: 1 }, limitsBroken: 1 });
    expect(await lanes.processDue()).toBe(0);
    expect(pool.stats().tasks).toEqual({ render_print_file: 1 });
  });

  it("skips an order that is not paid", async () => {
    const unknown = crypto.randomUUID();
    await enqueueOrderPrintFiles(server.database.db, unknown);
    await printFileLanes().processDue();
    expect(await jobOf(unknown)).toMatchObject({
      status: "succeeded",
      result: { skipped: "order not found or not paid" },
    });
  });
});
