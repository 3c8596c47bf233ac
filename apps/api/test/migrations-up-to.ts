import fs from "node:fs";
import path from "node:path";
import { MIGRATIONS_FOLDER } from "../src/lib/paths.ts";
import { createTemporaryDirectory } from "./temporary-directories.ts";

/**
 * The committed migrations up to `lastIndex` (the journal's idx), as a folder drizzle's migrator reads: a test
 * migrates a database to just before a migration, writes data the old way, then runs the rest.
 */
export function migrationsUpTo(lastIndex: number): string {
  const folder = createTemporaryDirectory("threadfolk-migrations-");
  fs.mkdirSync(path.join(folder, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}
