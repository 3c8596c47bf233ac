import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestServer, type TestServer } from "../../test/test-server.ts";
import { seedScaleCatalogue } from "./scale-catalogue.ts";

let server: TestServer;
let dataDir: string;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.context.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "threadfolk-scale-"));
  server = await getTestServer({ env: { DATA_DIR: dataDir } });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("seedScaleCatalogue", () => {
  it("adds the requested designs with one default variant each, and can run again", async () => {
    const messages: string[] = [];
    const first = await seedScaleCatalogue(server.context, {
      designs: 2500,
      artists: 40,
      onProgress: (m) => messages.push(m),
    });
    expect(first).toEqual({ designs: 2500, artists: 40 });
    expect(messages.at(-1)).toMatch(/2,500 \/ 2,500 designs/);
    const second = await seedScaleCatalogue(server.context, { designs: 300 });
    expect(second.designs).toBe(300);

    const [counts] = await rows<{ designs: number; artists: number; titles: number }>(sql`select
      (select count(*)::int from designs) as designs, (select count(*)::int from seller_profiles) as artists,
      (select count(distinct display_name)::int from designs) as titles`);
    expect(counts).toEqual({ designs: 2800, artists: 50, titles: expect.any(Number) });
    // Varied titles, so search at scale sees realistic data rather than a handful of repeated strings.
    expect(counts?.titles).toBeGreaterThan(1500);
    const [bad] = await rows<{ n: number }>(sql`select count(*)::int as n from designs d
      where (select count(*) from seller_design_product_variants v where v.design_id = d.id and v.is_default) <> 1`);
    expect(bad?.n).toBe(0);
  });

  it("stores tags as real arrays and points artwork at stored images", async () => {
    const sample = await rows<{ tags: string[]; artwork_key: string; description: string }>(
      sql`select tags, artwork_key, description from designs order by id limit 20`,
    );
    for (const design of sample) {
      expect(Array.isArray(design.tags)).toBe(true);
      expect(design.tags).toContain("graphic tee");
      expect(design.description.length).toBeGreaterThan(40);
      expect(await server.context.storage.exists(design.artwork_key)).toBe(true);
    }
  });
});
