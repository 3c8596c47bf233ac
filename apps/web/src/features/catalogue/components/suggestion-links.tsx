import { homeCollectionResultsPath, searchResultsPath } from "@threadfolk/contract/routes";
import { Link } from "react-router";

/** Collections and popular searches offered when a search finds nothing. */
const COLLECTIONS = [
  { key: "popular", label: "Popular" },
  { key: "recent", label: "Recently Added" },
  { key: "picks", label: "Staff Picks" },
  { key: "anime", label: "Anime" },
  { key: "funny", label: "Funny" },
  { key: "nerdery", label: "Nerdery" },
] as const;
const POPULAR_SEARCHES = ["cats", "frogs", "space", "dinosaurs", "coffee", "retro", "warhammer", "kawaii"];

const chipClass =
  "inline-flex h-10 items-center rounded-full border border-neutral-300 bg-white px-4 text-sm font-semibold text-neutral-800 transition-colors hover:border-neutral-950 hover:bg-neutral-950 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/** Where to go from an empty result: popular collections and searches that find designs. */
export function SuggestionLinks() {
  return (
    <div className="mt-8 space-y-6">
      <div>
        <h2 className="text-sm font-bold tracking-[0.14em] text-neutral-500 uppercase">Popular collections</h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {COLLECTIONS.map((collection) => (
            <li key={collection.key}>
              <Link to={homeCollectionResultsPath(collection.key)} className={chipClass}>
                {collection.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="text-sm font-bold tracking-[0.14em] text-neutral-500 uppercase">Popular searches</h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {POPULAR_SEARCHES.map((term) => (
            <li key={term}>
              <Link to={searchResultsPath(term)} className={chipClass}>
                {term}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
