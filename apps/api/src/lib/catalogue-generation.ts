import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { listenToChannel } from "../db/listen.ts";

/**
 * The catalogue's generation in this process: a counter bumped after every change that can alter what shoppers
 * see in lists (a design published, edited, priced, deactivated or restored; an artist renamed). Caches of
 * derived catalogue data (search pages, totals, the home payload, design pages) and the in-memory search index
 * remember the generation they were loaded in and drop what is older, so this instance shows its own writes at
 * once. Bump after the change is committed, not inside its transaction: a load that began earlier then carries
 * the older generation and is not kept.
 *
 * On PostgreSQL every instance also hears the others' bumps (`shareCatalogueGeneration`, decision 058): a bump
 * here NOTIFYs the channel, and a notification from another instance bumps this one's generation too.
 */
let generation = 0;

/** PostgreSQL's NOTIFY channel that carries catalogue changes between instances. */
export const CATALOGUE_CHANGES_CHANNEL = "threadfolk_catalogue_changes";

/** This process's name on the channel, so that it does not drop its caches a second time for its own bump. */
const PROCESS_ID = randomUUID();

const announcers = new Set<() => void>();

export function catalogueGeneration(): number {
  return generation;
}

/** Records a catalogue change made by this process (and announces it to the other instances, when shared). */
export function bumpCatalogueGeneration(): void {
  generation += 1;
  for (const announce of announcers) announce();
}

/**
 * Shares the generation with every instance on the PostgreSQL server at `url`: this process's bumps are
 * NOTIFYed on CATALOGUE_CHANGES_CHANNEL, and another process's notification bumps this one's generation, so its
 * caches and search index let go within a round trip. While the listening connection is lost, notifications are
 * lost too: the generation is bumped when it fails and again when it listens again, so nothing kept from before
 * a missed change outlives the reconnection (meanwhile the caches' own time limits and the index's sync bound it).
 */
export function shareCatalogueGeneration(options: {
  url: string;
  db: Pick<Database, "execute">;
  onError: (error: unknown) => void;
}): { close(): Promise<void> } {
  const announce = () => {
    options.db.execute(sql`select pg_notify(${CATALOGUE_CHANGES_CHANNEL}, ${PROCESS_ID})`).catch(options.onError);
  };
  announcers.add(announce);
  let lostOnce = false;
  const listener = listenToChannel({
    url: options.url,
    channel: CATALOGUE_CHANGES_CHANNEL,
    onNotification: (payload) => {
      if (payload !== PROCESS_ID) generation += 1;
    },
    onState: (listening) => {
      // The first connection missed nothing worth a bump: the caches are empty when an instance starts.
      if (listening && !lostOnce) return;
      lostOnce = true;
      generation += 1;
    },
  });
  return {
    async close() {
      announcers.delete(announce);
      await listener.close();
    },
  };
}
