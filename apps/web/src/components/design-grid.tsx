import type { DesignCard as DesignCardData } from "@threadfolk/contract/discovery-constants";
import { useFavoriteDesignUuids } from "../lib/use-favorite-design-uuids.ts";
import { DesignCard, type HeartClickHandler } from "./design-card.tsx";

/** Column layouts of the card grids (spec section 2). */
export const GRID_COLUMNS = {
  /** Desktop home sections and result pages: 2 per row on extra-small screens, 4 from small up. */
  desktop: "grid-cols-2 gap-x-5 gap-y-8 sm:grid-cols-4",
  /**
   * Mobile home rows: 2 per row, 3 on wider phones and small tablets. The 10 px gaps and page padding make a
   * two-column card exactly half the window width minus 15 px, the spec's card image size.
   */
  mobile: "grid-cols-2 gap-x-2.5 gap-y-5 min-[600px]:grid-cols-3",
} as const;

type DesignGridProps = {
  cards: DesignCardData[];
  layout?: "desktop" | "mobile";
  /** How many leading cards load eagerly with high priority (the first visible row); the rest load lazily. */
  priorityCount?: number;
  onHeartClick?: HeartClickHandler;
  /** Heading level of the card titles (2 when the grid sits right under the page's h1). */
  headingLevel?: 2 | 3;
  /** Accessible name of the list. */
  label?: string;
  className?: string;
};

/** A grid of design cards. */
export function DesignGrid({
  cards,
  layout = "desktop",
  priorityCount = 0,
  onHeartClick,
  headingLevel,
  label,
  className = "",
}: DesignGridProps) {
  const favorites = useFavoriteDesignUuids();
  return (
    <ul aria-label={label} className={`grid ${GRID_COLUMNS[layout]} ${className}`}>
      {cards.map((card, index) => (
        <li key={card.uuid}>
          <DesignCard
            card={card}
            layout={layout}
            priority={index < priorityCount}
            isFavorite={favorites.has(card.uuid)}
            onHeartClick={onHeartClick}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
