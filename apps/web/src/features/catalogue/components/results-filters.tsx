import type { ProductColor } from "@threadfolk/contract/colors";
import { PRODUCT_COLORS } from "@threadfolk/contract/colors";
import {
  type DesignFilters,
  FILTER_GARMENT_STYLE_LABELS,
  FILTER_GARMENT_STYLES,
  type FilterGarmentStyle,
  type SearchSort,
} from "@threadfolk/contract/discovery-constants";
import { useId } from "react";
import { Link } from "react-router";
import { humanizeSlug } from "../../../lib/slug.ts";
import { PRICE_RANGES, parsePriceRangeValue, priceRangeValue } from "../results-params.ts";

const selectClass =
  "h-11 w-full min-w-0 rounded-full border border-neutral-300 bg-white px-4 text-sm font-semibold text-neutral-900 focus:border-neutral-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/30";
const labelClass = "text-xs font-bold tracking-[0.08em] text-neutral-600 uppercase";

/** A range from a shared link that is not one of the offered ones: "From $12 under $40", "Under $40". */
function customRangeLabel({ priceFrom, priceUnder }: DesignFilters): string {
  if (priceFrom === undefined) return `Under $${priceUnder}`;
  return priceUnder === undefined ? `From $${priceFrom}` : `From $${priceFrom} under $${priceUnder}`;
}

type SortOption = { value: SearchSort; label: string };

type ResultsFiltersProps = {
  filters: DesignFilters;
  sort: SearchSort;
  sortOptions: SortOption[];
  /** Called with the new sort and filters: the page navigates (the URL holds them, so back and forward work). */
  onChange: (next: { sort: SearchSort; filters: DesignFilters }) => void;
  /** Shown when a filter is set: the same page without filters. */
  clearHref?: string;
};

/**
 * The results page's sort and filters (garment style, colour, price): labelled selects, two to a row on
 * phones and in one row from small screens up. Every change is a navigation, so the URL can be shared.
 */
export function ResultsFilters({ filters, sort, sortOptions, onChange, clearHref }: ResultsFiltersProps) {
  const id = useId();
  const set = (patch: Partial<DesignFilters>) => {
    const next: DesignFilters = { ...filters, ...patch };
    for (const key of Object.keys(next) as Array<keyof DesignFilters>) if (next[key] === undefined) delete next[key];
    onChange({ sort, filters: next });
  };
  const priceValue = priceRangeValue(filters);
  const knownPrice = priceValue === "" || PRICE_RANGES.some((range) => priceRangeValue(range) === priceValue);
  return (
    <form
      aria-label="Sort and filter designs"
      onSubmit={(event) => event.preventDefault()}
      className="mt-5 grid grid-cols-2 items-end gap-x-3 gap-y-3 sm:grid-cols-[repeat(4,minmax(0,12rem))_auto]"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-style`} className={labelClass}>
          Style
        </label>
        <select
          id={`${id}-style`}
          value={filters.style ?? ""}
          onChange={(event) => set({ style: (event.target.value || undefined) as FilterGarmentStyle | undefined })}
          className={selectClass}
        >
          <option value="">All styles</option>
          {FILTER_GARMENT_STYLES.map((key) => (
            <option key={key} value={key}>
              {FILTER_GARMENT_STYLE_LABELS[key]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-color`} className={labelClass}>
          Color
        </label>
        <select
          id={`${id}-color`}
          value={filters.color ?? ""}
          onChange={(event) => set({ color: (event.target.value || undefined) as ProductColor | undefined })}
          className={selectClass}
        >
          <option value="">All colors</option>
          {PRODUCT_COLORS.map((key) => (
            <option key={key} value={key}>
              {humanizeSlug(key)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-price`} className={labelClass}>
          Price
        </label>
        <select
          id={`${id}-price`}
          value={priceValue}
          onChange={(event) => {
            const range = parsePriceRangeValue(event.target.value);
            set({ priceFrom: range.priceFrom, priceUnder: range.priceUnder });
          }}
          className={selectClass}
        >
          <option value="">Any price</option>
          {PRICE_RANGES.map((range) => (
            <option key={range.label} value={priceRangeValue(range)}>
              {range.label}
            </option>
          ))}
          {!knownPrice && <option value={priceValue}>{customRangeLabel(filters)}</option>}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-sort`} className={labelClass}>
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          value={sort}
          onChange={(event) => onChange({ sort: event.target.value as SearchSort, filters })}
          className={selectClass}
        >
          {sortOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {clearHref && (
        <div className="col-span-2 flex h-11 items-center sm:col-span-1">
          <Link
            to={clearHref}
            className="rounded text-sm font-semibold text-neutral-900 underline underline-offset-4 hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            Clear filters
          </Link>
        </div>
      )}
    </form>
  );
}
