import { searchResultsPath } from "@threadfolk/contract/routes";
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { trackEvent } from "../lib/analytics.ts";
import { SearchIcon } from "./icons/icons.tsx";

const SEARCH_PLACEHOLDER = "Search for designs…";

type SearchFormProps = {
  /** Accessible name of the text field. */
  label: string;
  placeholder?: string;
  /** Show the 'Search' button text (desktop) or only the magnifier (compact mobile field). */
  showButtonText?: boolean;
  className?: string;
  /** Extra attributes of the text field (the suggestions combobox wires its ARIA and keys through this). */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type" | "name">;
  /** Called with the text as the visitor types it. */
  onQueryChange?: (query: string) => void;
  /** Called after the form has navigated to the results. */
  onSubmitted?: () => void;
  /** Shown under the field, across the form's width (the suggestions popup). */
  children?: ReactNode;
};

/** The query of the results page currently shown, so the field keeps what was searched. */
function useCurrentQuery(): string {
  const location = useLocation();
  if (location.pathname !== "/results") return "";
  return new URLSearchParams(location.search).get("query") ?? "";
}

/**
 * A search field that goes to `/results?query={text}&page=1` on Enter or on the button. The text is used as
 * typed: the spec neither trims it nor rejects an empty search.
 */
export function SearchForm({
  label,
  placeholder = SEARCH_PLACEHOLDER,
  showButtonText = true,
  className = "",
  inputProps,
  onQueryChange,
  onSubmitted,
  children,
}: SearchFormProps) {
  const navigate = useNavigate();
  const currentQuery = useCurrentQuery();
  const [query, setQuery] = useState(currentQuery);

  useEffect(() => {
    setQuery(currentQuery);
  }, [currentQuery]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    trackEvent("Clicked Search", "Design Discovery", { query });
    void navigate(searchResultsPath(query));
    onSubmitted?.();
  }

  return (
    <search className={`block w-full ${className}`}>
      <form onSubmit={handleSubmit} className="relative flex w-full items-stretch">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-[18px] -translate-y-1/2 text-neutral-400" />
          <input
            type="search"
            name="query"
            value={query}
            {...inputProps}
            onChange={(event) => {
              setQuery(event.target.value);
              onQueryChange?.(event.target.value);
            }}
            aria-label={label}
            placeholder={placeholder}
            autoComplete="off"
            enterKeyHint="search"
            className="h-11 w-full rounded-l-full border border-r-0 border-neutral-300 bg-white pr-3 pl-10 text-base text-neutral-900 md:text-[15px] placeholder:text-neutral-500 focus:border-neutral-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/30"
          />
        </div>
        <button
          type="submit"
          aria-label={showButtonText ? undefined : "Search"}
          className="flex h-11 items-center gap-2 rounded-r-full bg-neutral-950 px-5 text-sm font-semibold text-white transition-colors hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          {showButtonText ? "Search" : <SearchIcon className="size-5" />}
        </button>
        {children}
      </form>
    </search>
  );
}
