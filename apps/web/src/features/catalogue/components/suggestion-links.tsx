import { DESKTOP_HOME_SECTIONS } from "@threadfolk/contract/constants";
import { homeCollectionResultsPath } from "@threadfolk/contract/routes";
import { Link } from "react-router";
import { humanizeSlug } from "../../../lib/slug.ts";
import { pickHomeCollection, useHomeCollections } from "../api/get-home-collections.ts";
import { PopularDesignsSection } from "./popular-designs-section.tsx";

const chipClass =
  "inline-flex h-10 items-center rounded-full border border-neutral-300 bg-white px-4 text-sm font-semibold text-neutral-800 transition-colors hover:border-neutral-950 hover:bg-neutral-950 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/**
 * Where to go from an empty result: the home collections (named as the home page names them) and the
 * popular designs.
 */
export function SuggestionLinks() {
  const collections = useHomeCollections({ retry: false });
  // Named once the names are known (or known to be unavailable), so the chips do not change under the pointer.
  if (collections.isPending) return <PopularDesignsSection fallback={null} />;
  return (
    <div className="mt-8">
      <h2 className="text-sm font-bold tracking-[0.14em] text-neutral-500 uppercase">Popular collections</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {DESKTOP_HOME_SECTIONS.map((key) => (
          <li key={key}>
            <Link to={homeCollectionResultsPath(key)} className={chipClass}>
              {pickHomeCollection(collections.data, key)?.attributes.displayName ?? humanizeSlug(key)}
            </Link>
          </li>
        ))}
        <li>
          <Link to={homeCollectionResultsPath("browse")} className={chipClass}>
            Browse Designs
          </Link>
        </li>
      </ul>
      <PopularDesignsSection fallback={null} />
    </div>
  );
}
