import type { HomeCollectionKey } from "@threadfolk/contract/constants";
import type { HomeCollection } from "@threadfolk/contract/discovery-constants";
import { homeCollectionResultsPath } from "@threadfolk/contract/routes";
import { Link } from "react-router";
import type { HeartClickHandler } from "../../../components/design-card.tsx";
import { DesignGrid } from "../../../components/design-grid.tsx";
import { ArrowRightIcon } from "../../../components/icons/icons.tsx";

type HomeSectionProps = {
  nameKey: HomeCollectionKey;
  collection: HomeCollection;
  layout: "desktop" | "mobile";
  priorityCount?: number;
  onHeartClick?: HeartClickHandler;
};

/** One home collection (spec section 2): its title, a 'View More' link to its results, and its cards. */
export function HomeSection({ nameKey, collection, layout, priorityCount = 0, onHeartClick }: HomeSectionProps) {
  const { displayName, homePagePreview } = collection.attributes;
  const headingId = `home-section-${nameKey}`;
  const isMobile = layout === "mobile";
  return (
    <section aria-labelledby={headingId} className={isMobile ? "mt-9" : "mt-14"}>
      <div className={`flex items-end justify-between gap-4 ${isMobile ? "mb-3" : "mb-5"}`}>
        <h2
          id={headingId}
          className={`font-display font-extrabold tracking-tight text-neutral-950 ${isMobile ? "text-xl" : "text-[28px] leading-tight"}`}
        >
          {displayName}
        </h2>
        <Link
          to={homeCollectionResultsPath(nameKey)}
          aria-label={`View More ${displayName}`}
          className="group/more inline-flex shrink-0 items-center gap-1 rounded-full py-1 text-sm font-bold text-brand hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          View More
          <ArrowRightIcon className="size-4 transition-transform group-hover/more:translate-x-0.5" />
        </Link>
      </div>
      <DesignGrid
        cards={homePagePreview}
        layout={layout}
        priorityCount={priorityCount}
        onHeartClick={onHeartClick}
        label={displayName}
      />
    </section>
  );
}
