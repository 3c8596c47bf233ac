import { HOME_COLLECTION_KEYS, type HomeCollectionKey } from "@threadfolk/contract/constants";
import { SEARCH_SORTS, type SearchSort } from "@threadfolk/contract/discovery-constants";
import { useEffect, useMemo } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useDesignCardHeart } from "../app/use-design-card-heart.ts";
import { DesignGrid } from "../components/design-grid.tsx";
import { Pagination } from "../components/pagination.tsx";
import { SearchForm } from "../components/search-form.tsx";
import { Spinner } from "../components/spinner.tsx";
import { useCollectionDesigns } from "../features/catalogue/api/get-collection-designs.ts";
import { useSearchDesigns } from "../features/catalogue/api/search-designs.ts";
import { ResultsFilters } from "../features/catalogue/components/results-filters.tsx";
import { SuggestionLinks } from "../features/catalogue/components/suggestion-links.tsx";
import { droppedWordsNote } from "../features/catalogue/dropped-words-note.ts";
import {
  hasFilters,
  hasSearchWords,
  parseFilters,
  parseSort,
  resultsPath,
} from "../features/catalogue/results-params.ts";
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

/** The order a home collection comes in without a sort (the API's listCollectionDesigns). */
const COLLECTION_ORDER: Partial<Record<HomeCollectionKey, SearchSort>> = {
  popular: "popular",
  browse: "popular",
  recent: "newest",
};

function isHomeCollectionKey(value: string): value is HomeCollectionKey {
  return (HOME_COLLECTION_KEYS as readonly string[]).includes(value);
}

/**
 * The sorts a page offers: a search's 'Best match', a curated collection's own order ('Featured'), and for
 * the collections ordered by a sort of their own (popular, recent, browse) just the sorts.
 */
function sortOptions(isSearch: boolean, collectionKey: HomeCollectionKey | undefined) {
  const natural = isSearch ? "relevance" : ((collectionKey && COLLECTION_ORDER[collectionKey]) ?? "relevance");
  return SEARCH_SORTS.filter((value) => value !== "relevance" || natural === "relevance").map((value) => ({
    value,
    label: value === "relevance" && !isSearch ? "Featured" : SORT_LABELS[value],
  }));
}

function countText(count: number, capped = false): string {
  return `${count.toLocaleString("en-US")}${capped ? "+" : ""} ${count === 1 && !capped ? "design" : "designs"}`;
}

function Heading({ title, count, capped, note }: { title: string; count?: number; capped?: boolean; note?: string }) {
  return (
    <div>
      <h1 className="font-display text-3xl font-extrabold tracking-tight break-words text-neutral-950 md:text-[40px] md:leading-tight">
        {title}
      </h1>
      <p aria-live="polite" className="mt-1.5 min-h-6 text-neutral-600">
        {count === undefined ? "" : countText(count, capped)}
        {note && <span className="block text-sm text-neutral-700">{note}</span>}
      </p>
    </div>
  );
}

/**
 * An empty search (nothing but spaces or punctuation): a prompt with a search field, the collections and the
 * popular designs, rather than every design under 'Results for “”'.
 */
function EmptySearch() {
  return (
    <div className="px-5 pt-10 pb-16 md:px-10 md:pt-14">
      <Heading title="Search for designs" />
      <p className="max-w-2xl text-lg text-neutral-800">
        Type a theme, a character, an artist or a word from a slogan, and we will find the designs that match.
      </p>
      <SearchForm label="Search designs" className="mt-5 max-w-xl" />
      <SuggestionLinks />
    </div>
  );
}

/**
 * Search results and home collection pages (spec section 2): `/results?query={text}&page=N` or
 * `/results?home-collection={name}&page=N`. Heading, count, sort and filters (garment style, colour, price:
 * `sort`, `style`, `color`, `price_from`, `price_under` in the URL), card grid, pagination, and suggestions
 * when nothing matches. A page number that is not one sends the visitor to page 1.
 */
export default function ResultsPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const onHeartClick = useDesignCardHeart();
  const query = searchParams.get("query");
  const collectionParam = query === null ? searchParams.get("home-collection") : null;
  const page = parsePageParam(searchParams.get("page"));
  const sort = parseSort(searchParams.get("sort"));
  const filterKey = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are a function of the URL's parameters
  const filters = useMemo(() => parseFilters(searchParams), [filterKey]);
  const isSearch = query !== null;
  const isEmptySearch = isSearch && !hasSearchWords(query);
  const collectionKey = collectionParam !== null && isHomeCollectionKey(collectionParam) ? collectionParam : undefined;
  const target = { query, collection: collectionParam };

  useEffect(() => {
    if (page === undefined && (isSearch || collectionParam !== null)) {
      void navigate(resultsPath({ query, collection: collectionParam, page: 1 }, { sort, filters }), {
        replace: true,
      });
    }
  }, [page, isSearch, collectionParam, query, sort, filters, navigate]);

  const search = useSearchDesigns(
    { query: query ?? "", page: page ?? 1, sort, filters },
    { enabled: isSearch && !isEmptySearch && page !== undefined },
  );
  const collection = useCollectionDesigns(
    { nameKey: collectionKey ?? "browse", page: page ?? 1, sort, filters },
    { enabled: collectionKey !== undefined && page !== undefined },
  );
  const result = isSearch ? search : collection;
  const collectionName = collection.data?.meta.displayName;
  const title = isSearch ? `Results for “${query}”` : (collectionName ?? "");
  useDocumentTitle(isEmptySearch ? "Search for designs" : isSearch ? `Results for "${query}"` : collectionName);

  if (isEmptySearch) return <EmptySearch />;

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
  const hrefForPage = (number: number) => resultsPath({ ...target, page: number }, { sort, filters });
  const filtered = hasFilters(filters);
  const clearHref = filtered ? resultsPath({ ...target, page: 1 }, { sort, filters: {} }) : undefined;
  const options = sortOptions(isSearch, collectionKey);
  const naturalSort = options[0]?.value ?? "relevance";
  const shownSort = sort && options.some((option) => option.value === sort) ? sort : naturalSort;

  return (
    <div className={isDesktop ? "px-6 pt-10 pb-16 lg:px-10" : "px-2.5 pt-6 pb-12"}>
      {title ? (
        <Heading
          title={title}
          count={pageData?.meta.totalCount}
          capped={pageData?.meta.totalCountCapped}
          note={isSearch ? droppedWordsNote(search.data?.meta.droppedWords) : undefined}
        />
      ) : (
        <div className="h-[76px]" aria-hidden="true" />
      )}
      <ResultsFilters
        filters={filters}
        sort={shownSort}
        sortOptions={options}
        clearHref={clearHref}
        onChange={(next) =>
          void navigate(
            resultsPath(
              { ...target, page: 1 },
              { sort: next.sort === naturalSort ? undefined : next.sort, filters: next.filters },
            ),
          )
        }
      />

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

      {pageData && pageData.meta.totalCount === 0 && filtered && (
        <div className="mt-6">
          <p className="max-w-2xl text-lg text-neutral-800">
            No designs match these filters.{" "}
            {clearHref && (
              <Link to={clearHref} className="font-semibold underline underline-offset-4 hover:text-brand">
                Clear filters
              </Link>
            )}
          </p>
        </div>
      )}

      {pageData && pageData.meta.totalCount === 0 && !filtered && (
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
