import { HOME_COLLECTION_KEYS, type HomeCollectionKey } from "@threadfolk/contract/constants";
import { SEARCH_SORTS, type SearchSort } from "@threadfolk/contract/discovery-constants";
import { homeCollectionResultsPath, searchResultsPath } from "@threadfolk/contract/routes";
import { useEffect, useId } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useDesignCardHeart } from "../app/use-design-card-heart.ts";
import { DesignGrid } from "../components/design-grid.tsx";
import { Pagination } from "../components/pagination.tsx";
import { Spinner } from "../components/spinner.tsx";
import { useCollectionDesigns } from "../features/catalogue/api/get-collection-designs.ts";
import { useSearchDesigns } from "../features/catalogue/api/search-designs.ts";
import { SuggestionLinks } from "../features/catalogue/components/suggestion-links.tsx";
import { droppedWordsNote } from "../features/catalogue/dropped-words-note.ts";
import { isApiError } from "../lib/api-client.ts";
import { parsePageParam } from "../lib/catalogue-paths.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import { useIsDesktop } from "../lib/use-media-query.ts";

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: "Best match",
  newest: "Newest",
  popular: "Most popular",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
};

function parseSort(value: string | null): SearchSort | undefined {
  return SEARCH_SORTS.find((sort) => sort === value);
}

function isHomeCollectionKey(value: string): value is HomeCollectionKey {
  return (HOME_COLLECTION_KEYS as readonly string[]).includes(value);
}

function resultsPath(options: { query: string | null; collection: string | null; page: number; sort?: SearchSort }) {
  const { query, collection, page, sort } = options;
  if (query !== null) return `${searchResultsPath(query, page)}${sort ? `&sort=${sort}` : ""}`;
  return homeCollectionResultsPath(collection ?? "browse", page);
}

function countText(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "design" : "designs"}`;
}

function Heading({ title, count, note }: { title: string; count?: number; note?: string }) {
  return (
    <div>
      <h1 className="font-display text-3xl font-extrabold tracking-tight break-words text-neutral-950 md:text-[40px] md:leading-tight">
        {title}
      </h1>
      <p aria-live="polite" className="mt-1.5 min-h-6 text-neutral-600">
        {count === undefined ? "" : countText(count)}
        {note && <span className="block text-sm text-neutral-700">{note}</span>}
      </p>
    </div>
  );
}

/**
 * Search results and home collection pages (spec section 2): `/results?query={text}&page=N` or
 * `/results?home-collection={name}&page=N`. Heading, count, card grid, pagination, a sort for searches and
 * suggestions when nothing matches. A page number that is not one sends the visitor to page 1.
 */
export default function ResultsPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const onHeartClick = useDesignCardHeart();
  const sortId = useId();
  const query = searchParams.get("query");
  const collectionParam = query === null ? searchParams.get("home-collection") : null;
  const page = parsePageParam(searchParams.get("page"));
  const sort = parseSort(searchParams.get("sort"));
  const isSearch = query !== null;
  const collectionKey = collectionParam !== null && isHomeCollectionKey(collectionParam) ? collectionParam : undefined;

  useEffect(() => {
    if (page === undefined && (isSearch || collectionParam !== null)) {
      void navigate(resultsPath({ query, collection: collectionParam, page: 1, sort }), { replace: true });
    }
  }, [page, isSearch, collectionParam, query, sort, navigate]);

  const search = useSearchDesigns(
    { query: query ?? "", page: page ?? 1, sort },
    { enabled: isSearch && page !== undefined },
  );
  const collection = useCollectionDesigns(
    { nameKey: collectionKey ?? "browse", page: page ?? 1 },
    { enabled: collectionKey !== undefined && page !== undefined },
  );
  const result = isSearch ? search : collection;
  const collectionName = collection.data?.meta.displayName;
  const title = isSearch ? `Results for “${query}”` : (collectionName ?? "");
  useDocumentTitle(isSearch ? `Results for "${query}"` : collectionName);

  if (!isSearch && collectionKey === undefined) {
    return (
      <div className="px-5 pt-10 pb-16 md:px-10 md:pt-14">
        <Heading title={collectionParam === null ? "Search for designs" : "No such collection"} />
        <p className="max-w-xl text-neutral-700">Try one of these instead:</p>
        <SuggestionLinks />
      </div>
    );
  }

  const layout = isDesktop ? "desktop" : "mobile";
  const pageData = result.data;
  const currentPage = page ?? 1;
  const hrefForPage = (target: number) => resultsPath({ query, collection: collectionParam, page: target, sort });

  return (
    <div className={isDesktop ? "px-6 pt-10 pb-16 lg:px-10" : "px-2.5 pt-6 pb-12"}>
      <div className="flex flex-wrap items-end justify-between gap-4 px-0 sm:px-0">
        {title ? (
          <Heading
            title={title}
            count={pageData?.meta.totalCount}
            note={isSearch ? droppedWordsNote(search.data?.meta.droppedWords) : undefined}
          />
        ) : (
          <div className="h-[76px]" aria-hidden="true" />
        )}
        {isSearch && pageData?.meta.totalCount !== 0 && (
          <div className="flex items-center gap-2">
            <label htmlFor={sortId} className="text-sm font-semibold text-neutral-700">
              Sort by
            </label>
            <select
              id={sortId}
              value={sort ?? "relevance"}
              onChange={(event) =>
                void navigate(
                  resultsPath({
                    query,
                    collection: null,
                    page: 1,
                    sort: event.target.value === "relevance" ? undefined : (event.target.value as SearchSort),
                  }),
                )
              }
              className="h-11 rounded-full border border-neutral-300 bg-white px-4 text-sm font-semibold text-neutral-900 focus:border-neutral-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/30"
            >
              {SEARCH_SORTS.map((value) => (
                <option key={value} value={value}>
                  {SORT_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      {result.isPending && page !== undefined && <Spinner label="Loading designs" className="min-h-dvh w-full" />}

      {result.isError && !pageData && (
        <div className="mt-8">
          <p role="alert" className="max-w-xl text-neutral-700">
            {isApiError(result.error, 422)
              ? "That search could not be run. Try fewer or shorter words."
              : "The designs could not be loaded just now. Please try again in a moment."}
          </p>
          <SuggestionLinks />
        </div>
      )}

      {pageData && pageData.meta.totalCount === 0 && (
        <div className="mt-6">
          <p className="max-w-2xl text-lg text-neutral-800">
            {isSearch ? `No designs match “${query}”.` : "This collection has no designs yet."} Try a different word, or
            have a look around:
          </p>
          <SuggestionLinks />
        </div>
      )}

      {pageData && pageData.meta.totalCount > 0 && pageData.data.length === 0 && (
        <div className="mt-6 max-w-2xl">
          <p className="text-lg text-neutral-800">
            There is no page {currentPage}: the results end on page {pageData.meta.totalPages}.
          </p>
          <Link
            to={hrefForPage(pageData.meta.totalPages)}
            className="mt-4 inline-flex h-11 items-center rounded-full bg-neutral-950 px-6 text-sm font-bold text-white hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            Go to page {pageData.meta.totalPages}
          </Link>
        </div>
      )}

      {pageData && pageData.data.length > 0 && (
        <div
          className={`mt-6 transition-opacity ${result.isPlaceholderData ? "opacity-60" : ""}`}
          aria-busy={result.isPlaceholderData}
        >
          <DesignGrid
            cards={pageData.data}
            layout={layout}
            priorityCount={isDesktop ? 4 : 2}
            onHeartClick={onHeartClick}
            headingLevel={2}
            label={title || "Designs"}
          />
          <Pagination page={currentPage} totalPages={pageData.meta.totalPages} hrefForPage={hrefForPage} />
        </div>
      )}
    </div>
  );
}
