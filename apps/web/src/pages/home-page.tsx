import {
  DESKTOP_HOME_SECTIONS,
  type HomeCollectionKey,
  MOBILE_HOME_SECTIONS,
  TAGLINE,
} from "@threadfolk/contract/constants";
import { homeCollectionResultsPath } from "@threadfolk/contract/routes";
import { useDeferredValue } from "react";
import { Link } from "react-router";
import { useDesignCardHeart } from "../app/use-design-card-heart.ts";
import { Spinner } from "../components/spinner.tsx";
import { useCarousel } from "../features/catalogue/api/get-carousel.ts";
import { pickHomeCollection, useHomeCollections } from "../features/catalogue/api/get-home-collections.ts";
import { useMarketplaceSale } from "../features/catalogue/api/get-marketplace-sale.ts";
import { Carousel } from "../features/catalogue/components/carousel.tsx";
import { HomeSection } from "../features/catalogue/components/home-section.tsx";
import { SaleCountdown } from "../features/catalogue/components/sale-countdown.tsx";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import { useIsDesktop } from "../lib/use-media-query.ts";

/** Cards in the first visible row of each layout: these load eagerly, everything below lazily. */
const FIRST_ROW = { desktop: 4, mobile: 2 } as const;

function BrowseDesignsButton({ compact }: { compact: boolean }) {
  return (
    <div className={`flex justify-center ${compact ? "mt-5" : "mt-8"}`}>
      <Link
        to={homeCollectionResultsPath("browse")}
        className={`inline-flex items-center justify-center rounded-full bg-brand font-bold text-white shadow-lg shadow-brand/25 transition-colors hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${compact ? "h-12 w-full max-w-sm text-base" : "h-14 px-12 text-lg"}`}
      >
        Browse Designs
      </Link>
    </div>
  );
}

function Tagline({ compact }: { compact: boolean }) {
  return (
    <h1
      className={`text-center font-display font-extrabold tracking-tight text-neutral-950 ${compact ? "mt-12 mb-10 px-4 text-2xl" : "mt-20 mb-16 text-4xl"}`}
    >
      {TAGLINE}
    </h1>
  );
}

/**
 * Home (spec section 2): carousel, the 'Sale Ends In' countdown when a sale runs, 'Browse Designs', the seven
 * collections and the tagline. Desktop and mobile have their own order and grids; only the layout in use is
 * rendered, so only its images are downloaded. Nothing but a spinner shows until the collections, the
 * carousel and the sale have answered, so nothing moves once it is on screen.
 */
export default function HomePage() {
  useDocumentTitle("Designs by independent artists, printed on apparel");
  const isDesktop = useIsDesktop();
  const collections = useHomeCollections();
  const carousel = useCarousel("front_page");
  const sale = useMarketplaceSale();
  const onHeartClick = useDesignCardHeart();
  const layout = isDesktop ? "desktop" : "mobile";
  const order: readonly HomeCollectionKey[] = isDesktop ? DESKTOP_HOME_SECTIONS : MOBILE_HOME_SECTIONS;

  // The switch from the spinner to the page renders as a transition: React builds the 56 cards in short
  // slices instead of one long task, so the page keeps answering input meanwhile (decision 011).
  const isSettled = useDeferredValue(!collections.isPending && !carousel.isPending && !sale.isPending);
  if (!isSettled) {
    return <Spinner label="Loading designs" className="min-h-dvh w-full" />;
  }

  const slides = carousel.data?.data.attributes;
  const runningSale = sale.data?.data;
  let priorityLeft: number = FIRST_ROW[layout];
  return (
    <div className={isDesktop ? "px-6 pt-6 lg:px-10" : "px-2.5 pt-3"}>
      {slides && slides.carouselAssets.length > 0 && (
        <Carousel assets={slides.carouselAssets} slideDelayInMs={slides.slideDelayInMs} />
      )}
      {runningSale && (
        <div className={isDesktop ? "mx-auto mt-6 max-w-[1152px]" : "mt-4"}>
          <SaleCountdown sale={runningSale} compact={!isDesktop} />
        </div>
      )}
      <BrowseDesignsButton compact={!isDesktop} />
      {collections.isError && (
        <p role="alert" className="mx-auto mt-10 max-w-xl text-center text-neutral-700">
          The designs could not be loaded just now. Please try again in a moment.
        </p>
      )}
      {order.map((key) => {
        const collection = pickHomeCollection(collections.data, key);
        if (!collection || collection.attributes.homePagePreview.length === 0) return null;
        const priorityCount = priorityLeft;
        priorityLeft = 0;
        return (
          <HomeSection
            key={key}
            nameKey={key}
            collection={collection}
            layout={layout}
            priorityCount={priorityCount}
            onHeartClick={onHeartClick}
          />
        );
      })}
      <Tagline compact={!isDesktop} />
    </div>
  );
}
