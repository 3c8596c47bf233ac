import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestServer, type TestServer } from "../../test/test-server.ts";
import { DEMO_ARTIST_UNIQUE_USERNAME } from "./demo-accounts.ts";
import { seedDemoData } from "./seed-demo-data.ts";

let server: TestServer;
let dataDir: string;
let seedMs = 0;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await server.context.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "threadfolk-seed-"));
  server = await getTestServer({ env: { DATA_DIR: dataDir } });
  const startedAt = performance.now();
  // The real start-up path: every demo seed step, once.
  expect(await seedDemoData(server.context, () => undefined)).toBe(true);
  seedMs = performance.now() - startedAt;
}, 180_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("demo catalogue seed", () => {
  it("seeds at least 30 artists and 400 designs, and only once", async () => {
    expect(await count(sql`select count(*)::int as n from seller_profiles`)).toBeGreaterThanOrEqual(30);
    expect(await count(sql`select count(*)::int as n from designs`)).toBeGreaterThanOrEqual(400);
    expect(await seedDemoData(server.context, () => undefined)).toBe(false);
    expect(await count(sql`select count(*)::int as n from designs`)).toBeLessThan(800);
    // Printed for the record; the time is measured, not asserted.
    console.info(`demo seed took ${Math.round(seedMs)} ms`);
  });

  it("gives every design exactly one default variant, on styles that offer its default colour", async () => {
    expect(
      await count(sql`select count(*)::int as n from designs d
        where (select count(*) from seller_design_product_variants v where v.design_id = d.id and v.is_default) <> 1`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from designs d
        join seller_design_product_variants v on v.design_id = d.id and v.is_default
        join garment_styles g on g.id = v.garment_style_id
        where not (d.default_color = any(g.colors))`),
    ).toBe(0);
  });

  it("fills each curated home collection with at least 24 designs", async () => {
    const result = (await server.context.db.execute(sql`select c.key, count(i.design_id)::int as n
      from internal_design_collections c left join internal_design_collection_items i on i.collection_id = c.id
      where c.kind = 'curated' group by c.key`)) as unknown as { rows: { key: string; n: number }[] };
    expect(result.rows.map((row) => row.key).sort()).toEqual(["anime", "blk_history25", "funny", "nerdery", "picks"]);
    for (const row of result.rows) expect(row.n, row.key).toBeGreaterThanOrEqual(24);
  });

  it("creates a front-page carousel of at least 3 stored 1152x300 slides, each with its phone picture", async () => {
    const result = (await server.context.db.execute(sql`select c.slide_delay_in_ms, a.image_key, a.click_destination_url
      from carousels c join carousel_assets a on a.carousel_id = c.id where c.location_code = 'front_page'
      order by a.position`)) as unknown as {
      rows: { slide_delay_in_ms: number; image_key: string; click_destination_url: string }[];
    };
    expect(result.rows.length).toBeGreaterThanOrEqual(3);
    expect(result.rows[0]?.slide_delay_in_ms).toBe(5000);
    for (const row of result.rows) {
      expect(row.image_key).toMatch(/^carousels\/\d+\.png$/);
      const stored = await server.context.storage.get(row.image_key);
      expect(stored?.contentType).toBe("image/png");
      const metadata = await sharp(stored?.body).metadata();
      expect([metadata.width, metadata.height]).toEqual([1152, 300]);
      // And its phone rendition's source, 3:2 (decision 044).
      const phone = await server.context.storage.get(row.image_key.replace(/^carousels\//, "carousels/phone/"));
      const phoneMetadata = await sharp(phone?.body).metadata();
      expect([phoneMetadata.width, phoneMetadata.height]).toEqual([1170, 780]);
    }
    expect(
      result.rows.some((row) => row.click_destination_url.startsWith(`/artist/${DEMO_ARTIST_UNIQUE_USERNAME}/`)),
    ).toBe(true);
  });

  it("runs exactly one sale now, ending days from now, covering some designs", async () => {
    expect(
      await count(
        sql`select count(*)::int as n from marketplace_sales where starts_at <= now() and ends_at > now() + interval '3 days'`,
      ),
    ).toBe(1);
    expect(await count(sql`select count(*)::int as n from marketplace_sale_designs`)).toBeGreaterThan(24);
  });

  it("stores artwork, avatars and banners for what it created", async () => {
    const result = (await server.context.db.execute(sql`(select artwork_key as key from designs order by id limit 5)
      union all (select avatar_key from seller_profiles order by id limit 3)
      union all (select banner_key from seller_profiles order by id limit 3)`)) as unknown as {
      rows: { key: string }[];
    };
    for (const { key } of result.rows) {
      const stored = await server.context.storage.get(key);
      expect(stored, key).toBeDefined();
      expect((await sharp(stored?.body).metadata()).format).toBe("png");
    }
    const demo = (await server.context.db.execute(sql`select count(d.id)::int as n from seller_profiles s
      join designs d on d.seller_profile_id = s.id where s.unique_username = ${DEMO_ARTIST_UNIQUE_USERNAME}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(demo.rows[0]?.n).toBeGreaterThanOrEqual(12);
  });

  it("rejects a second default variant for a design", async () => {
    const result =
      (await server.context.db.execute(sql`select design_id, garment_style_id from seller_design_product_variants
      where not is_default limit 1`)) as unknown as { rows: { design_id: string; garment_style_id: number }[] };
    const row = result.rows[0];
    await expect(
      server.context.db.execute(sql`update seller_design_product_variants set is_default = true
        where design_id = ${row?.design_id} and garment_style_id = ${row?.garment_style_id}`),
    ).rejects.toThrow();
  });
});
