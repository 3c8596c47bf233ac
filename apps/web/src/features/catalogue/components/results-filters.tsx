import { colorDisplayName, PRODUCT_COLORS, type ProductColor } from "@threadfolk/contract/colors";
import {
  type DesignFilters,
  FILTER_GARMENT_STYLE_LABELS,
  FILTER_GARMENT_STYLES,
  type FilterGarmentStyle,
  type SearchSort,
} from "@threadfolk/contract/discovery-constants";
import { useId } from "react";
import { Link } from "react-router";
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

/** One labelled select of the filter bar; `options` are value and label pairs, in order. */
function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={selectClass}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

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
      <FilterSelect
        id={`${id}-style`}
        label="Style"
        value={filters.style ?? ""}
        onChange={(value) => set({ style: (value || undefined) as FilterGarmentStyle | undefined })}
        options={[
          { value: "", label: "All styles" },
          ...FILTER_GARMENT_STYLES.map((key) => ({ value: key, label: FILTER_GARMENT_STYLE_LABELS[key] })),
        ]}
      />
      <FilterSelect
        id={`${id}-color`}
        label="Color"
        value={filters.color ?? ""}
        onChange={(value) => set({ color: (value || undefined) as ProductColor | undefined })}
        options={[
          { value: "", label: "All colors" },
          ...PRODUCT_COLORS.map((key) => ({ value: key, label: colorDisplayName(key) })),
        ]}
      />
      <FilterSelect
        id={`${id}-price`}
        label="Price"
        value={priceValue}
        onChange={(value) => {
          const range = parsePriceRangeValue(value);
          set({ priceFrom: range.priceFrom, priceUnder: range.priceUnder });
        }}
        options={[
          { value: "", label: "Any price" },
          ...PRICE_RANGES.map((range) => ({ value: priceRangeValue(range), label: range.label })),
          ...(knownPrice ? [] : [{ value: priceValue, label: customRangeLabel(filters) }]),
        ]}
      />
      <FilterSelect
        id={`${id}-sort`}
        label="Sort by"
        value={sort}
        onChange={(value) => onChange({ sort: value as SearchSort, filters })}
        options={sortOptions}
      />
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
