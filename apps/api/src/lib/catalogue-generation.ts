/**
 * The catalogue's generation in this process: a counter bumped after every change that can alter what shoppers
 * see in lists (a design published, edited, priced, deactivated or restored; an artist renamed). Caches of
 * derived catalogue data (search pages, totals, the home payload) remember the generation they were loaded in
 * and drop an entry from an older one, so this instance shows its own writes at once.
 *
 * Per process only: another instance learns nothing of the bump, and its caches stay bounded by their TTL
 * (DISCOVERY_CACHE_SECONDS, SEARCH_CACHE_SECONDS). Bump after the change is committed, not inside its
 * transaction: a load that began earlier then carries the older generation and is not kept.
 */
let generation = 0;

export function catalogueGeneration(): number {
  return generation;
}

export function bumpCatalogueGeneration(): void {
  generation += 1;
}
