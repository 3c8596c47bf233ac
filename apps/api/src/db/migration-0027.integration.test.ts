import { sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../test/factories/catalogue.ts";
import { buildLegacyDesign } from "../../test/legacy-design.ts";
import { migrationsUpTo } from "../../test/migrations-up-to.ts";
import { MIGRATIONS_FOLDER } from "../lib/paths.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";

/**
 * Migration 0027 (decision 067) on data: a design from before keeps its current version's artwork and placements
 * as a version row; from then on the trigger records each new version and follows the current one, and never
 * touches an older version's row.
 */
let handle: DatabaseHandle | undefined;

afterAll(async () => {
  await handle?.close();
});

type VersionRow = { version: number; artwork_key: string; placements: Record<string, unknown> };

async function versionsOf(db: PgliteDatabase, designId: string): Promise<VersionRow[]> {
  const result = await db.execute(sql`select version, artwork_key, placements from design_artwork_versions
    where design_id = ${designId} order by version`);
  return (result as unknown as { rows: VersionRow[] }).rows;
}

describe("migration 0027", () => {
  it("records every design's current artwork version, then each version to come", async () => {
    handle = await openDatabase({ driver: "pglite" });
    const db = handle.db as unknown as PgliteDatabase;
    await migrate(db, { migrationsFolder: migrationsUpTo(26) });
    const { design } = await buildLegacyDesign(db);
    const placed = { tee: { x: 0.1, y: 0.2, scale: 0.5 } };
    await db.execute(sql`update designs set artwork_version = 3, placements = ${JSON.stringify(placed)}::jsonb
      where id = ${design.id}`);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const legacyKey = `designs/${design.id}/artwork.png`;
    expect(await versionsOf(db, design.id)).toEqual([{ version: 3, artwork_key: legacyKey, placements: placed }]);

    // A change of the current version follows it; a new version is a new row; the older one stays as it was.
    const moved = { tee: { x: 0.3, y: 0, scale: 0.4 } };
    await db.execute(sql`update designs set placements = ${JSON.stringify(moved)}::jsonb where id = ${design.id}`);
    const newKey = `designs/${design.id}/artworks/${"a".repeat(64)}.png`;
    await db.execute(sql`update designs set artwork_version = 4, artwork_key = ${newKey}, placements = '{}'::jsonb
      where id = ${design.id}`);
    await db.execute(sql`update designs set display_name = 'Renamed' where id = ${design.id}`);
    expect(await versionsOf(db, design.id)).toEqual([
      { version: 3, artwork_key: legacyKey, placements: moved },
      { version: 4, artwork_key: newKey, placements: {} },
    ]);

    // A design made after the migration has its first version at once.
    const { design: fresh } = await buildDesign(handle.db);
    expect(await versionsOf(db, fresh.id)).toEqual([
      { version: 1, artwork_key: `designs/${fresh.id}/artwork.png`, placements: {} },
    ]);
  });
});
