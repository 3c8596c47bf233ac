import type { DesignCard as DesignCardData } from "@threadfolk/contract/discovery-constants";
import { HeartIcon } from "./icons/icons.tsx";

/** What a click on a heart is given: the design and the button, to anchor the collections menu to. */
export type HeartClickHandler = (card: DesignCardData, anchor: HTMLElement) => void;

/**
 * The heart of a design (spec section 2): red and pressed when the design is among the visitor's favourites; a
 * click toggles the collections menu against it. Cards and the design page use it, so both behave alike; `size`
 * is the card's 40 px button or the design page's larger one.
 */
export function FavoriteHeartButton({
  card,
  isFavorite,
  onHeartClick,
  size = "card",
  className = "",
}: {
  card: DesignCardData;
  isFavorite: boolean;
  onHeartClick?: HeartClickHandler;
  size?: "card" | "page";
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={isFavorite}
      aria-label={`Favorite ${card.displayName}`}
      onClick={(event) => onHeartClick?.(card, event.currentTarget)}
      className={`flex items-center justify-center rounded-full bg-white/90 shadow-sm ring-1 ring-neutral-900/10 backdrop-blur transition hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand motion-reduce:transition-none ${size === "page" ? "size-12" : "size-10"} ${
        isFavorite ? "text-brand" : "text-neutral-700 hover:text-brand"
      } ${className}`}
    >
      <HeartIcon filled={isFavorite} className={size === "page" ? "size-6" : "size-5"} />
    </button>
  );
}
