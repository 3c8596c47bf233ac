import type { SearchSuggestions } from "@threadfolk/contract/discovery-constants";
import { searchResultsPath } from "@threadfolk/contract/routes";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { SearchForm } from "../../../components/search-form.tsx";
import { artistPath, designPath } from "../../../lib/catalogue-paths.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useSearchSuggestions } from "../api/get-search-suggestions.ts";

/** Waits for a pause in typing before asking the server. */
const DEBOUNCE_MS = 150;

type SuggestionKind = "design" | "tag" | "artist";
type Suggestion = { kind: SuggestionKind; key: string; label: string; href: string };

const GROUPS: Array<{ kind: SuggestionKind; title: string }> = [
  { kind: "design", title: "Designs" },
  { kind: "tag", title: "Tags" },
  { kind: "artist", title: "Artists" },
];

/** Flattens the server's answer into one list in display order (designs, tags, artists). */
export function toSuggestionList(data: SearchSuggestions | undefined): Suggestion[] {
  if (!data) return [];
  return [
    ...data.designs.map((design) => ({
      kind: "design" as const,
      key: `design-${design.uuid}`,
      label: design.displayName,
      href: designPath(design),
    })),
    ...data.tags.map((tag) => ({ kind: "tag" as const, key: `tag-${tag}`, label: tag, href: searchResultsPath(tag) })),
    ...data.artists.map((artist) => ({
      kind: "artist" as const,
      key: `artist-${artist.uuid}`,
      label: artist.displayName,
      href: artistPath(artist),
    })),
  ];
}

/** The label with the typed text in bold where it occurs (case-insensitive). */
function Highlighted({ label, text }: { label: string; text: string }): ReactNode {
  const needle = text.trim().toLowerCase();
  const at = needle ? label.toLowerCase().indexOf(needle) : -1;
  if (at < 0) return label;
  return (
    <>
      {label.slice(0, at)}
      <mark className="bg-transparent font-bold text-neutral-950">{label.slice(at, at + needle.length)}</mark>
      {label.slice(at + needle.length)}
    </>
  );
}

type SearchWithSuggestionsProps = {
  label: string;
  placeholder?: string;
  showButtonText?: boolean;
  className?: string;
};

/**
 * The navigation search box with as-you-type suggestions (combobox with a listbox popup): arrow keys move
 * through designs, tags and artists, Enter opens the highlighted one, Escape closes the list. Enter with
 * nothing highlighted keeps the spec's behaviour: `/results?query={text}&page=1`, untrimmed.
 */
export function SearchWithSuggestions(props: SearchWithSuggestionsProps) {
  const navigate = useNavigate();
  const listboxId = useId();
  const [text, setText] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const debouncedText = useDebouncedValue(text, DEBOUNCE_MS);
  const { data } = useSearchSuggestions(isOpen ? debouncedText : "");
  const suggestions = useMemo(() => toSuggestionList(data), [data]);
  const isExpanded = isOpen && text.trim() !== "" && suggestions.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  // A new list starts with nothing highlighted, so Enter still searches for exactly what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the list itself changes
  useEffect(() => setActiveIndex(-1), [suggestions]);

  function close() {
    setIsOpen(false);
    setActiveIndex(-1);
  }

  function pick(suggestion: Suggestion) {
    close();
    void navigate(suggestion.href);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    switch (event.key) {
      case "ArrowDown":
        if (!count) return;
        event.preventDefault();
        setIsOpen(true);
        setActiveIndex((index) => (index + 1) % count);
        break;
      case "ArrowUp":
        if (!count) return;
        event.preventDefault();
        setIsOpen(true);
        setActiveIndex((index) => (index <= 0 ? count - 1 : index - 1));
        break;
      case "Enter": {
        const active = isExpanded ? suggestions[activeIndex] : undefined;
        if (active) {
          event.preventDefault();
          pick(active);
        }
        break;
      }
      case "Escape":
        if (isExpanded) {
          // Closes the list only; the browser would otherwise also clear the search field.
          event.preventDefault();
          close();
        }
        break;
    }
  }

  let position = -1;
  return (
    <SearchForm
      {...props}
      onQueryChange={(query) => {
        setText(query);
        setIsOpen(true);
      }}
      onSubmitted={close}
      inputProps={{
        role: "combobox",
        "aria-expanded": isExpanded,
        "aria-controls": listboxId,
        "aria-autocomplete": "list",
        "aria-activedescendant": isExpanded && activeIndex >= 0 ? optionId(activeIndex) : undefined,
        onKeyDown: handleKeyDown,
        onFocus: () => setIsOpen(true),
        onBlur: close,
      }}
    >
      <div
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!isExpanded}
        // Keeps the focus in the field while an option is clicked, so the click is not lost to blur.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute top-full right-0 left-0 z-40 mt-2 max-h-[min(70vh,28rem)] overflow-y-auto rounded-2xl border border-neutral-200 bg-white py-2 shadow-xl"
      >
        {isExpanded &&
          GROUPS.map(({ kind, title }) => {
            const items = suggestions.filter((suggestion) => suggestion.kind === kind);
            if (items.length === 0) return null;
            const headingId = `${listboxId}-${kind}`;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role group (no fieldset inside a listbox)
              <div key={kind} role="group" aria-labelledby={headingId} className="py-1">
                <div
                  id={headingId}
                  role="presentation"
                  className="px-4 pt-1 pb-1 text-[11px] font-bold tracking-[0.14em] text-neutral-500 uppercase"
                >
                  {title}
                </div>
                {items.map((suggestion) => {
                  position += 1;
                  const index = position;
                  const isActive = index === activeIndex;
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox field handles the keys (aria-activedescendant)
                    // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the field; options are pointed at with aria-activedescendant
                    <div
                      key={suggestion.key}
                      id={optionId(index)}
                      role="option"
                      aria-selected={isActive}
                      onClick={() => pick(suggestion)}
                      onMouseMove={() => setActiveIndex(index)}
                      className={`flex cursor-pointer items-center gap-2 px-4 py-2 text-[15px] text-neutral-700 ${isActive ? "bg-neutral-100" : ""}`}
                    >
                      {kind === "tag" && (
                        <span aria-hidden="true" className="text-neutral-400">
                          #
                        </span>
                      )}
                      <span className="truncate">
                        <Highlighted label={suggestion.label} text={text} />
                      </span>
                    </div>
                  );
                })}
              </div>
            );
          })}
      </div>
    </SearchForm>
  );
}
