import { type DesignCard, HOME_PREVIEW_SIZE } from "@threadfolk/contract/discovery";
import type { AppContext } from "../../context.ts";
import { createKeyedCache } from "../../lib/keyed-cache.ts";
import type { DesignPage } from "../catalogue/list-design-page.ts";
import { listCollectionDesigns } from "./list-collection-designs.ts";
import { loadDesignCards } from "./load-design-cards.ts";
import { findCollections } from "./queries.ts";

export type HomeCollections = Record<
  string,
  { id: string; type: "internal_design_collection"; attributes: { displayName: string; homePagePreview: DesignCard[] } }
>;

/** Every home collection shown on the home page with its first cards (8), keyed by collection name. */
export async function getHomeCollections({ context }: { context: Pick<AppContext, "db" | "config"> }) {
  const collections = await findCollections({ db: context.db });
  // `browse` is every design: the home page links to it but shows no preview, so its cards are not sent.
  const shown = collections.filter((collection) => collection.kind !== "all");
  // All at once (decision 047): on PostgreSQL they run side by side on pooled connections, one round of waiting
  // instead of one per collection; the embedded database's thread takes them in turn.
  const pages: DesignPage[] = await Promise.all(
    shown.map((collection) =>
      listCollectionDesigns({ db: context.db, collection, page: 1, perPage: HOME_PREVIEW_SIZE, count: "none" }),
    ),
  );
  const uniqueIds = [...new Set(pages.flatMap((page) => page.designIds))];
  const cards = new Map((await loadDesignCards({ context, designIds: uniqueIds })).map((card) => [card.id, card]));
  const result: HomeCollections = {};
  shown.forEach((collection, index) => {
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
 * Keeps a value for a few seconds per instance (the home payload: derived data, identical for every visitor,
 * and the most requested page). Concurrent misses share one load, so expiry causes no stampede.
 */
export function createShortLivedCache<Value>(options: {
  ttlMs: number;
  load: () => Promise<Value>;
  /** Drops the value when this changes (the catalogue generation, lib/catalogue-generation.ts). */
  generation?: () => number;
}) {
  // One entry under a fixed key: the keyed cache's expiry and shared loads, for a single value.
  const cache = createKeyedCache<Value>({
    ttlMs: options.ttlMs,
    maxEntries: 1,
    ...(options.generation ? { generation: options.generation } : {}),
  });
  return (): Promise<Value> => cache("value", options.load);
}
