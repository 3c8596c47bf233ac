import { PRODUCT_COLORS, type ProductColor } from "@threadfolk/contract/colors";
import {
  type DesignFilters,
  FILTER_GARMENT_STYLES,
  type FilterGarmentStyle,
  MAX_FILTER_DOLLARS,
  SEARCH_SORTS,
  type SearchSort,
} from "@threadfolk/contract/discovery-constants";
import { homeCollectionResultsPath, searchResultsPath } from "@threadfolk/contract/routes";

/** The results page's URL parameters beyond the query or collection and the page: sort and filters. */
export type ResultsOptions = { sort?: SearchSort; filters: DesignFilters };

export function parseSort(value: string | null): SearchSort | undefined {
  return SEARCH_SORTS.find((sort) => sort === value);
}

function parseDollars(value: string | null): number | undefined {
  if (value === null || !/^(0|[1-9][0-9]{0,3})$/.test(value)) return undefined;
  const dollars = Number(value);
  return dollars <= MAX_FILTER_DOLLARS ? dollars : undefined;
}

/**
 * The filters of a results URL (`style`, `color`, `price_from`, `price_under`); a value the API would refuse
 * is left out, so a hand-edited link still shows results.
 */
export function parseFilters(params: URLSearchParams): DesignFilters {
  const style = FILTER_GARMENT_STYLES.find((key) => key === params.get("style")) as FilterGarmentStyle | undefined;
  const color = PRODUCT_COLORS.find((key) => key === params.get("color")) as ProductColor | undefined;
  let priceFrom = parseDollars(params.get("price_from"));
  let priceUnder = parseDollars(params.get("price_under"));
  if (priceFrom !== undefined && priceUnder !== undefined && priceFrom >= priceUnder) {
    priceFrom = undefined;
    priceUnder = undefined;
  }
  const filters: DesignFilters = {};
  if (style) filters.style = style;
  if (color) filters.color = color;
  if (priceFrom !== undefined) filters.priceFrom = priceFrom;
  if (priceUnder !== undefined) filters.priceUnder = priceUnder;
  return filters;
}

export function hasFilters(filters: DesignFilters): boolean {
  return Object.keys(filters).length > 0;
}

/** The sort and filters as URL parameters, in a fixed order (so equal pages have equal URLs). */
function optionParams({ sort, filters }: ResultsOptions): string {
  const params: Array<[string, string]> = [];
  if (sort) params.push(["sort", sort]);
  if (filters.style) params.push(["style", filters.style]);
  if (filters.color) params.push(["color", filters.color]);
  if (filters.priceFrom !== undefined) params.push(["price_from", String(filters.priceFrom)]);
  if (filters.priceUnder !== undefined) params.push(["price_under", String(filters.priceUnder)]);
  return params.map(([key, value]) => `&${key}=${encodeURIComponent(value)}`).join("");
}

/** A results URL: a search (`query` as typed) or a home collection, a page, and the sort and filters. */
export function resultsPath(
  target: { query: string | null; collection: string | null; page: number },
  options: ResultsOptions,
): string {
  const base =
    target.query !== null
      ? searchResultsPath(target.query, target.page)
      : homeCollectionResultsPath(target.collection ?? "browse", target.page);
  return `${base}${optionParams(options)}`;
}

/** The price ranges the filter offers, in whole dollars (from, under). */
export const PRICE_RANGES: Array<{ label: string; priceFrom?: number; priceUnder?: number }> = [
  { label: "Under $20", priceUnder: 20 },
  { label: "$20 to $25", priceFrom: 20, priceUnder: 25 },
  { label: "$25 to $30", priceFrom: 25, priceUnder: 30 },
  { label: "$30 and up", priceFrom: 30 },
];

/** A price range as one select value: `from-under`, either side empty when open. */
export function priceRangeValue(range: { priceFrom?: number; priceUnder?: number }): string {
  if (range.priceFrom === undefined && range.priceUnder === undefined) return "";
  return `${range.priceFrom ?? ""}-${range.priceUnder ?? ""}`;
}

export function parsePriceRangeValue(value: string): { priceFrom?: number; priceUnder?: number } {
  const [from = "", under = ""] = value.split("-");
  const range: { priceFrom?: number; priceUnder?: number } = {};
  if (from !== "") range.priceFrom = Number(from);
  if (under !== "") range.priceUnder = Number(under);
  return range;
}

/** True when the text holds something to search for (a letter or digit), as the API's word parser sees it. */
export function hasSearchWords(query: string): boolean {
  return /[\p{L}\p{N}]/u.test(query);
}
