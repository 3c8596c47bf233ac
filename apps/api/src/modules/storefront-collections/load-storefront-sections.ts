import type { StorefrontSection } from "@threadfolk/contract/studio-sales";
import type { AppContext } from "../../context.ts";
import { loadDesignCards } from "../discovery/load-design-cards.ts";
import { findArtistCollections } from "./queries.ts";

/**
 * The public storefront's sections: the artist's collections in order, each with its listed designs as shop
 * cards, in order (a deactivated design is left out; a section left empty is still sent, the page hides it).
 */
export async function loadStorefrontSections({
  context,
  artistId,
}: {
  context: Pick<AppContext, "db" | "config">;
  artistId: string;
}): Promise<StorefrontSection[]> {
  const collections = await findArtistCollections({ db: context.db, artistId, listedOnly: true });
  if (collections.length === 0) return [];
  const designIds = [...new Set(collections.flatMap((collection) => collection.designIds))];
  const cards = new Map((await loadDesignCards({ context, designIds })).map((card) => [card.id, card]));
  return collections.map((collection) => ({
    id: collection.id,
    name: collection.name,
    designs: collection.designIds.flatMap((id) => {
      const card = cards.get(id);
      return card ? [card] : [];
    }),
  }));
}
