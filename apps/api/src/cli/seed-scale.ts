import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createStorage } from "../adapters/storage/create-storage.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { applyMigrations } from "../db/migrate.ts";
import { seedScaleCatalogue } from "../seed/scale-catalogue.ts";
import { databaseOptionsFor } from "../server.ts";

const USAGE = "Usage: npm run seed:scale -- --designs 100000 [--artists 1000] [--seed text]";

/** `npm run seed:scale -- --designs N`: adds N designs to the configured database for benchmarks. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      designs: { type: "string", default: "100000" },
      artists: { type: "string" },
      seed: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const designs = Number(values.designs);
  const artists = values.artists === undefined ? undefined : Number(values.artists);
  if (!Number.isInteger(designs) || designs < 1 || designs > 5_000_000)
    throw new UsageError("--designs must be a whole number from 1 to 5,000,000");
  if (artists !== undefined && (!Number.isInteger(artists) || artists < 1 || artists > 100_000))
    throw new UsageError("--artists must be a whole number from 1 to 100,000");

  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFor(config));
  // Same storage as the server: media land where the running app will look for them.
  const storage = createStorage(config);
  const startedAt = performance.now();
  try {
    await applyMigrations(database);
    console.log(`Seeding ${designs.toLocaleString("en-US")} designs into ${database.driver}: ${database.location}`);
    const result = await seedScaleCatalogue(
      { db: database.db, storage },
      {
        designs,
        ...(artists ? { artists } : {}),
        ...(values.seed ? { seed: values.seed } : {}),
        onProgress: (message) => console.log(`  ${message}`),
      },
    );
    // Fresh planner statistics: the search picks between index walks and bitmap scans by how common each word
    // is, and autovacuum may not have looked at the new rows yet when a benchmark starts. VACUUM also merges
    // the GIN indexes' pending lists (fast update): until then every full-text lookup scans the tens of
    // thousands of entries just inserted (a single-letter search took 140 ms instead of 0.2 ms, decision 046).
    await database.db.execute(sql`vacuum analyze`);
    const seconds = (performance.now() - startedAt) / 1000;
    console.log(
      `Added ${result.designs.toLocaleString("en-US")} designs and ${result.artists.toLocaleString("en-US")} artists in ${seconds.toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
  else console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
