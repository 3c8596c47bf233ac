import type { DesignCard } from "@threadfolk/contract/discovery";
import type { AppContext } from "../../context.ts";
import { createKeyedCache } from "../../lib/keyed-cache.ts";
import { createImageUrlSigner } from "./image-urls.ts";
import { presentDesignCard } from "./presenters.ts";
import { findHomeCollections } from "./queries.ts";

export type HomeCollections = Record<
  string,
  { id: string; type: "internal_design_collection"; attributes: { displayName: string; homePagePreview: DesignCard[] } }
>;

/**
 * Every home collection shown on the home page with its first cards (8), keyed by collection name. One named
 * statement answers the collections, the ids of their first designs and every card row (decision 049); `browse`
 * (every design) is linked from the home page without a preview, so it is not in it.
 */
export async function getHomeCollections({ context }: { context: Pick<AppContext, "db" | "config"> }) {
  const [found, images] = await Promise.all([
    findHomeCollections({ db: context.db }),
    createImageUrlSigner({ db: context.db, config: context.config }),
  ]);
  // A design in several collections is presented once.
  const cards = new Map(found.cards.map((row) => [row.id, presentDesignCard(row, images)]));
  const result: HomeCollections = {};
  for (const collection of found.collections) {
    result[collection.key] = {
      id: String(collection.id),
      type: "internal_design_collection",
      attributes: {
        displayName: collection.displayName,
        homePagePreview: collection.designIds.flatMap((id) => {
          const card = cards.get(id);
          return card ? [card] : [];
        }),
      },
    };
  }
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
