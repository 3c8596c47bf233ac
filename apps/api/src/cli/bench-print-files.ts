// Times print files (issue 27, decision 067): `npm run bench:print-files`. Seeds three designs on a throw-away
// PGlite database and local storage, as the studio stores them (a transparent PNG badge at the default placement,
// a photographic PNG printed the whole width, and an SVG normalised by the upload pipeline and placed by hand),
// pays BENCH_PRINT_ORDERS orders of one line of each, and runs the `render_order_print_files` job of each. Prints
// the median and p95 time per line of drawing the 3600 x 4800 print file in the heavy work child (as the job
// does: the artwork goes as a file, the PNG comes back as one) and of the whole line (drawing, checking, storing
// and recording it, with its e-mail picture), and each order's job. Target: median under 2 s per line.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { printFileSize } from "@threadfolk/contract/studio";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { createStorage } from "../adapters/storage/create-storage.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { applyMigrations } from "../db/migrate.ts";
import { garmentStyles, guests, orderAddresses, orderLineItems, orders } from "../db/schema/index.ts";
import { createHeavyPool } from "../lib/heavy-pool.ts";
import { generateOrderNumber } from "../modules/cart/order-number.ts";
import { insertArtists, insertDesigns, insertVariants } from "../modules/catalogue/queries.ts";
import { type PrintFileRenderer, renderPrintFilesInPool } from "../modules/fulfilment/print-file-renderer.ts";
import { renderOrderPrintFiles } from "../modules/fulfilment/render-order-print-files.ts";
import { renderInPool } from "../modules/media/render-in-pool.ts";
import { renderSampleArtwork } from "../modules/media/sample-artwork.ts";
import { normaliseUpload } from "../modules/uploads/normalise-upload.ts";

const TARGET_MEDIAN_MS = 2000;
const ORDERS = Number(process.env.BENCH_PRINT_ORDERS ?? 5);

const root = await fs.mkdtemp(path.join(os.tmpdir(), "threadfolk-bench-print-files-"));
const config = loadConfig({ DATA_DIR: root });
const storage = createStorage(config);
const database = await openDatabase({ driver: "pglite" });
const heavy = createHeavyPool({
  size: 1,
  timeLimitMs: config.HEAVY_JOB_TIME_LIMIT_SECONDS * 1000,
  memoryLimitMb: config.HEAVY_JOB_MEMORY_LIMIT_MB,
});

/** An SVG of the kind artists export from a vector tool: many shapes, gradients, text. */
function vectorArtwork(): Buffer {
  const rays = Array.from({ length: 72 }, (_, index) => {
    const angle = (index * 5 * Math.PI) / 180;
    const x = 500 + Math.cos(angle) * 480;
    const y = 500 + Math.sin(angle) * 480;
    return `<path d="M500 500 L${x.toFixed(1)} ${y.toFixed(1)}" stroke="hsl(${index * 5},80%,50%)" stroke-width="6"/>`;
  }).join("");
  const rings = Array.from(
    { length: 12 },
    (_, index) =>
      `<circle cx="500" cy="500" r="${40 + index * 34}" fill="none" stroke="#111" stroke-width="${2 + (index % 3)}"/>`,
  ).join("");
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1200" viewBox="0 0 1000 1200">
  <defs><radialGradient id="sun"><stop offset="0" stop-color="#ffd86f"/><stop offset="1" stop-color="#ff5e62"/></radialGradient></defs>
  <circle cx="500" cy="500" r="490" fill="url(#sun)"/>${rays}${rings}
  <text x="500" y="1130" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="120" text-anchor="middle">VECTOR</text>
</svg>`);
}

/** A photograph-like picture: smooth colour with grain, which PNG barely compresses. */
async function photographicArtwork(side: number): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(grain).blur(1.2).modulate({ saturation: 1.6 }).png({ compressionLevel: 1 }).toBuffer();
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

const format = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;

try {
  await applyMigrations(database);
  const { db } = database;
  console.log(`Print files benchmark: CPUs ${os.availableParallelism()}, libvips ${sharp.versions.vips}`);

  const svg = await normaliseUpload(vectorArtwork(), { purpose: "artwork" });
  if (!svg.ok) throw new Error(`the SVG did not normalise: ${svg.code}`);
  const artworks = [
    { name: "badge PNG, default placement", png: await renderSampleArtwork("BENCH", 3600), placements: {} },
    {
      name: "photographic PNG, whole width",
      png: await photographicArtwork(3000),
      placements: { tee: { x: 0, y: 0, scale: 1 } },
    },
    {
      name: `SVG (${svg.width} x ${svg.height} once normalised), placed`,
      png: svg.png,
      placements: { tee: { x: 0.1, y: 0.05, scale: 0.8 } },
    },
  ];
  const [artist] = await insertArtists({
    db,
    artists: [{ uniqueUsername: "bench-printer", displayName: "Bench Printer", bio: "" }],
  });
  const [tee] = await db.select().from(garmentStyles).where(eq(garmentStyles.key, "mens_tee"));
  if (!artist || !tee) throw new Error("no artist or style");
  const variants = [];
  for (const [index, artwork] of artworks.entries()) {
    const id = randomUUID();
    const key = `designs/${id}/artworks/bench-${index}.png`;
    await storage.put(key, artwork.png, "image/png");
    const [design] = await insertDesigns({
      db,
      designs: [
        {
          id,
          sellerProfileId: artist.id,
          slug: `bench-${index}`,
          displayName: `Bench ${index}`,
          artworkKey: key,
          basePriceCents: 2600,
          defaultColor: "black",
          placements: artwork.placements,
          publishedAt: new Date(),
        },
      ],
    });
    const [variant] = await insertVariants({
      db,
      variants: [{ designId: design?.id as string, garmentStyleId: tee.id, priceCents: 2600, isDefault: true }],
    });
    variants.push(variant as NonNullable<typeof variant>);
    const meta = await sharp(artwork.png).metadata();
    console.log(
      `design ${index}: ${artwork.name}: ${meta.width} x ${meta.height} px, ${(artwork.png.length / 1e6).toFixed(1)} MB`,
    );
  }

  // Each print file drawn in the child, timed per design.
  const pool = renderPrintFilesInPool(heavy);
  const drawTimes: number[][] = artworks.map(() => []);
  let current = 0;
  const timed: PrintFileRenderer = {
    ...pool,
    async printFile(artwork, spec) {
      const started = performance.now();
      const outcome = await pool.printFile(artwork, spec);
      drawTimes[current]?.push(performance.now() - started);
      current = (current + 1) % artworks.length;
      return outcome;
    },
  };
  const orderTimes: number[] = [];
  const lineTimes: number[] = [];
  for (let run = 0; run < ORDERS; run++) {
    const [guest] = await db.insert(guests).values({}).returning();
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: generateOrderNumber(),
        state: "payment_pending",
        stateChangedBy: "system:bench",
        stateChangeReason: "benchmark: placed",
        guestId: guest?.id,
        email: "bench@example.com",
        selectedShippingServiceKey: "standard",
        itemTotalCents: 7800,
        discountCents: 0,
        shippingCents: 599,
        taxCents: 0,
        totalCents: 8399,
        placedAt: new Date(),
        paidAt: new Date(),
      })
      .returning();
    if (!order) throw new Error("no order");
    await db
      .update(orders)
      .set({ state: "paid", stateChangedBy: "system:bench", stateChangeReason: "benchmark: paid" })
      .where(eq(orders.id, order.id));
    await db.insert(orderLineItems).values(
      variants.map((variant) => ({
        orderId: order.id,
        sellerDesignProductVariantId: variant.id,
        size: "L",
        color: "black",
        quantity: 1,
        unitPriceCents: 2600,
        unitBaseCostCents: 1200,
        artworkVersion: 1,
      })),
    );
    await db.insert(orderAddresses).values({
      orderId: order.id,
      kind: "shipping",
      firstName: "Grace",
      lastName: "Hopper",
      address1: "12 Main St",
      city: "Saint Paul",
      state: "MN",
      zip: "55102",
    });
    const started = performance.now();
    const result = await renderOrderPrintFiles({
      db,
      storage,
      renderer: timed,
      pictures: renderInPool(heavy),
      brandName: config.BRAND_NAME,
      orderId: order.id,
    });
    const elapsed = performance.now() - started;
    if (!("drawn" in result) || result.drawn !== artworks.length)
      throw new Error(`unexpected ${JSON.stringify(result)}`);
    // The first order also starts the child process (sharp, the fonts): reported, not counted.
    if (run === 0) {
      console.log(`first order (starts the heavy work process): ${format(elapsed)}`);
      for (const times of drawTimes) times.length = 0;
      continue;
    }
    orderTimes.push(elapsed);
    lineTimes.push(elapsed / artworks.length);
  }
  const { widthPx, heightPx } = printFileSize("tee");
  console.log(
    `print file: ${widthPx} x ${heightPx} px at 300 DPI; ${ORDERS - 1} orders timed of ${artworks.length} lines`,
  );
  for (const [index, times] of drawTimes.entries()) {
    console.log(
      `  design ${index} drawn in the child:  median ${format(percentile(times, 0.5))}  p95 ${format(percentile(times, 0.95))}`,
    );
  }
  const allDraws = drawTimes.flat();
  const median = percentile(allDraws, 0.5);
  console.log(
    `every line drawn:            median ${format(median)}  p95 ${format(percentile(allDraws, 0.95))}  target median < ${TARGET_MEDIAN_MS} ms: ${median < TARGET_MEDIAN_MS ? "met" : "NOT met"}`,
  );
  console.log(
    `per line, whole job:         median ${format(percentile(lineTimes, 0.5))}  p95 ${format(percentile(lineTimes, 0.95))}  (drawing, checking, storing, recording, e-mail picture, packing slip shared)`,
  );
  console.log(
    `per order of ${artworks.length} lines:        median ${format(percentile(orderTimes, 0.5))}  p95 ${format(percentile(orderTimes, 0.95))}`,
  );
  const recorded = (await db.execute(
    sql`select count(*)::int as count, sum(byte_size)::bigint::text as bytes from order_print_files`,
  )) as unknown as { rows: Array<{ count: number; bytes: string }> };
  const files = recorded.rows[0];
  console.log(`print files recorded: ${files?.count}, ${(Number(files?.bytes ?? 0) / 1e6).toFixed(1)} MB in all`);
  console.log(
    `load average: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await heavy.close();
  await database.close();
  await fs.rm(root, { recursive: true, force: true });
}
