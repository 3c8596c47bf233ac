import { type DesignCard, HOME_PREVIEW_SIZE } from "@threadfolk/contract/discovery";
import type { AppContext } from "../../context.ts";
import type { DesignPage } from "../search/search-designs.ts";
import { listCollectionDesigns } from "./list-collection-designs.ts";
import { loadDesignCards } from "./load-design-cards.ts";
import { findCollections } from "./queries.ts";

export type HomeCollections = Record<
  string,
  { id: string; type: "internal_design_collection"; attributes: { displayName: string; homePagePreview: DesignCard[] } }
>;

/** Every home collection with its first cards (8), keyed by collection name. */
export async function getHomeCollections({ context }: { context: Pick<AppContext, "db" | "config"> }) {
  const collections = await findCollections({ db: context.db });
  const pages: DesignPage[] = [];
  // One after the other: PGlite runs one query at a time anyway, and on PostgreSQL this is cached.
  for (const collection of collections) {
    pages.push(
      await listCollectionDesigns({
        db: context.db,
        collection,
        page: 1,
        perPage: HOME_PREVIEW_SIZE,
        count: "none",
      }),
    );
  }
  const uniqueIds = [...new Set(pages.flatMap((page) => page.designIds))];
  const cards = new Map((await loadDesignCards({ context, designIds: uniqueIds })).map((card) => [card.id, card]));
  const result: HomeCollections = {};
  collections.forEach((collection, index) => {
    result[collection.key] = {
      id: String(collection.id),
      type: "internal_design_collection",
      attributes: {
        displayName: collection.displayName,
        homePagePreview: (pages[index]?.designIds ?? []).flatMap((id) => {
          const card = cards.get(id);
          return card ? [card] : [];
        }),
      },
    };
  });
  return result;
}

/**
 * Keeps the home payload for a few seconds per instance: it is derived data, identical for every visitor,
 * and the most requested page. Concurrent misses share one load (no stampede).
 */
export function createHomeCollectionsCache(options: { ttlMs: number; load: () => Promise<HomeCollections> }) {
  let cached: { value: HomeCollections; expiresAt: number } | undefined;
  let pending: Promise<HomeCollections> | undefined;
  return async function get(): Promise<HomeCollections> {
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    if (pending) return pending;
    pending = options
      .load()
      .then((value) => {
        if (options.ttlMs > 0) cached = { value, expiresAt: Date.now() + options.ttlMs };
        return value;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}
