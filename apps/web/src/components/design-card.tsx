import { snakeToCamel } from "@threadfolk/contract/case";
import { CARD_IMAGE_SIZE, type DesignCard as DesignCardData } from "@threadfolk/contract/discovery-constants";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { artistPath, designPath } from "../lib/catalogue-paths.ts";
import { FavoriteHeartButton, type HeartClickHandler } from "./favorite-heart-button.tsx";

export type { HeartClickHandler };

type DesignCardProps = {
  card: DesignCardData;
  /** Mobile cards say 'by {artist}', desktop cards 'Art By {artist}' (spec section 2). */
  layout?: "desktop" | "mobile";
  /** First visible row: load the image at once with high priority; every other card loads lazily. */
  priority?: boolean;
  isFavorite: boolean;
  onHeartClick?: HeartClickHandler;
  /** The card title's heading level: one below the heading of the list the card is in. */
  headingLevel?: 2 | 3;
  /**
   * My Designs' collection modes (spec section 2): the card's own links and buttons are inert (navigation is
   * blocked) and `overlay`, laid over the whole card, is what a click reaches (the studio's selection toggle).
   */
  selection?: { overlay: ReactNode };
  /** Shown in the picture's corner instead of the heart (My Designs: edit and delete). */
  controls?: ReactNode;
  /** Shown over the picture's other corner (My Designs: the design's status). */
  badge?: ReactNode;
};

/** The card's image in its default colour (spec section 3: watermarkedSignedUrls keyed by colour). */
function cardImageUrl(card: DesignCardData): string | undefined {
  const urls = card.watermarkedSignedUrls;
  return urls[snakeToCamel(card.defaultColor)] ?? urls[card.defaultColor] ?? Object.values(urls)[0];
}

/** Regular price, or the sale price with the regular one struck through (spec: "Shows the sale price when onSale"). */
export function Price({
  price,
  onSale,
  salesPrice,
  className = "",
}: {
  price: string;
  onSale: boolean;
  salesPrice: string;
  className?: string;
}) {
  if (!onSale) return <span className={`font-semibold text-neutral-900 ${className}`}>{price}</span>;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-1.5 ${className}`}>
      <span className="sr-only">Sale price</span>
      <span className="font-bold text-brand">{salesPrice}</span>
      <span className="sr-only">, regular price</span>
      <s className="text-[0.9em] font-medium text-neutral-500">{price}</s>
    </span>
  );
}

/**
 * The design card (spec sections 2 and 3): image, name and price linking to the design page, the artist line
 * linking to the storefront, and a heart, red when the design is among the visitor's favourites.
 */
export function DesignCard({
  card,
  layout = "desktop",
  priority = false,
  isFavorite,
  onHeartClick,
  headingLevel = 3,
  selection,
  controls,
  badge,
}: DesignCardProps) {
  const Title = headingLevel === 2 ? "h2" : "h3";
  const href = designPath(card);
  const imageUrl = cardImageUrl(card);
  const artistHref = artistPath({ uniqueUsername: card.artistUniqueUsername, uuid: card.artistUuid });
  return (
    <article className="group relative flex flex-col">
      {/* In selection mode the card's own links and buttons are inert: navigation is blocked. */}
      <div
        inert={selection !== undefined}
        className="relative overflow-hidden rounded-xl bg-neutral-100 ring-1 ring-neutral-900/5"
      >
        {/* The name link below is the card's link for keyboards and screen readers; the picture repeats it for pointers. */}
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
          {imageUrl && (
            <img
              src={imageUrl}
              width={CARD_IMAGE_SIZE}
              height={CARD_IMAGE_SIZE}
              alt=""
              loading={priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : undefined}
              // A first-row image is painted with the page (it is often the largest thing on screen); the
              // others decode off the main thread.
              decoding={priority ? undefined : "async"}
              className="aspect-square h-auto w-full object-cover transition-transform duration-300 ease-out group-hover:scale-[1.03] motion-reduce:transition-none"
            />
          )}
        </Link>
        {badge}
        {!selection &&
          (controls ?? (
            <FavoriteHeartButton
              card={card}
              isFavorite={isFavorite}
              onHeartClick={onHeartClick}
              className="absolute top-2 right-2"
            />
          ))}
      </div>
      <div inert={selection !== undefined} className={layout === "mobile" ? "px-0.5 pt-2" : "px-0.5 pt-3"}>
        <Link
          to={href}
          className="block rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          <Title
            // Phone cards are narrow: two lines, so titles that start alike ("Black History Month Legacy …")
            // can still be told apart; the reserved second line keeps a row's prices level.
            className={`font-semibold text-neutral-900 group-hover:text-brand ${layout === "mobile" ? "line-clamp-2 min-h-[2lh] text-sm leading-snug" : "line-clamp-1 text-[15px]"}`}
          >
            {card.displayName}
          </Title>
          <Price
            price={card.price}
            onSale={card.onSale}
            salesPrice={card.salesPrice}
            className={layout === "mobile" ? "mt-0.5 text-sm" : "mt-1 text-[15px]"}
          />
        </Link>
        <p className={`mt-0.5 truncate text-neutral-600 ${layout === "mobile" ? "text-xs" : "text-sm"}`}>
          {layout === "mobile" ? "by " : "Art By "}
          <Link
            to={artistHref}
            className="font-medium text-neutral-800 underline-offset-2 hover:text-brand hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            {card.artistName}
          </Link>
        </p>
      </div>
      {selection?.overlay}
    </article>
  );
}
