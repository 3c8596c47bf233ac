import type { LikedDesignCard } from "@threadfolk/contract/favorites";
import type { AppContext } from "../../context.ts";
import { loadDesignCards } from "../discovery/load-design-cards.ts";
import type { LikedItem } from "./queries.ts";

type CardContext = Pick<AppContext, "db" | "config">;

/** Discovery's design cards for several lists of liked items at once (one card query), each with its liked variant. */
export async function loadLikedCardGroups({
  context,
  groups,
}: {
  context: CardContext;
  groups: ReadonlyArray<readonly LikedItem[]>;
}): Promise<LikedDesignCard[][]> {
  const designIds = [...new Set(groups.flat().map((item) => item.designId))];
  const cards = await loadDesignCards({ context, designIds });
  const byId = new Map(cards.map((card) => [card.id, card]));
  return groups.map((items) =>
    items.flatMap((item) => {
      const card = byId.get(item.designId);
      return card ? [{ ...card, likedSellerDesignProductVariantId: item.likedVariantId }] : [];
    }),
  );
}

/** Discovery's design cards for liked items, in their order, each with the variant that was liked. */
export async function loadLikedCards({
  context,
  items,
}: {
  context: CardContext;
  items: readonly LikedItem[];
}): Promise<LikedDesignCard[]> {
  const [cards] = await loadLikedCardGroups({ context, groups: [items] });
  return cards ?? [];
}
