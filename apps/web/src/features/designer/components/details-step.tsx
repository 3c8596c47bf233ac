import {
  DESIGN_DETAIL_LIMITS,
  DESIGN_DETAIL_MESSAGES,
  type DesignDraftData,
  normaliseTag,
} from "@threadfolk/contract/studio";
import { useId, useState } from "react";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useDesignTagSuggestions } from "../api/designer-api.ts";
import { detailProblems } from "../designer-state.ts";

type DetailsStepProps = {
  data: DesignDraftData;
  onChange: (parts: Pick<DesignDraftData, "title" | "description" | "tags">) => void;
  /** Show every rule's message (after Next was pressed), not only those of fields touched. */
  showAll: boolean;
};

const INPUT =
  "mt-1 block w-full rounded-xl border bg-white px-3.5 text-base text-neutral-950 outline-none focus:ring-2 md:text-[15px]";
const borderOf = (problem: string | undefined) =>
  problem ? "border-red-600 focus:ring-red-200" : "border-neutral-300 focus:border-brand focus:ring-brand/30";

/** A tag typed into the field, checked as the contract checks it (length, characters, duplicates, count). */
export function tagProblem(tag: string, tags: readonly string[]): string | undefined {
  const normalised = normaliseTag(tag);
  if (normalised.length < DESIGN_DETAIL_LIMITS.tagMin || normalised.length > DESIGN_DETAIL_LIMITS.tagMax) {
    return DESIGN_DETAIL_MESSAGES.tagLength;
  }
  if (!/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(normalised)) return DESIGN_DETAIL_MESSAGES.tagCharacters;
  if (tags.includes(normalised)) return DESIGN_DETAIL_MESSAGES.tagDuplicate;
  if (tags.length >= DESIGN_DETAIL_LIMITS.tagsMax) return DESIGN_DETAIL_MESSAGES.tooManyTags;
  return undefined;
}

/** The Details step: title, description and tags (chips, with suggestions from the tags of live designs). */
export function DetailsStep({ data, onChange, showAll }: DetailsStepProps) {
  const id = useId();
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const problems = detailProblems(data);
  const shown = (field: "title" | "description" | "tags") => (showAll || touched[field] ? problems[field] : undefined);
  const title = data.title ?? "";
  const description = data.description ?? "";
  const tags = data.tags ?? [];
  const update = (parts: Partial<Pick<DesignDraftData, "title" | "description" | "tags">>) =>
    onChange({ title, description, tags, ...parts });

  return (
    <div className="grid max-w-3xl gap-5">
      <div>
        <label htmlFor={`${id}-title`} className="block text-sm font-semibold text-neutral-900">
          Title
        </label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={DESIGN_DETAIL_LIMITS.titleMax + 20}
          onChange={(event) => update({ title: event.currentTarget.value })}
          onBlur={() => setTouched((previous) => ({ ...previous, title: true }))}
          aria-invalid={shown("title") ? true : undefined}
          aria-describedby={`${id}-title-note`}
          className={`${INPUT} h-11 ${borderOf(shown("title"))}`}
        />
        <p
          id={`${id}-title-note`}
          className={`mt-1 text-sm ${shown("title") ? "font-medium text-red-700" : "text-neutral-500"}`}
        >
          {shown("title") ?? `${title.trim().length} / ${DESIGN_DETAIL_LIMITS.titleMax}`}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="block text-sm font-semibold text-neutral-900">
          Description <span className="font-normal text-neutral-500">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          value={description}
          rows={5}
          onChange={(event) => update({ description: event.currentTarget.value })}
          onBlur={() => setTouched((previous) => ({ ...previous, description: true }))}
          aria-invalid={shown("description") ? true : undefined}
          aria-describedby={`${id}-description-note`}
          className={`${INPUT} py-2.5 ${borderOf(shown("description"))}`}
        />
        <p
          id={`${id}-description-note`}
          className={`mt-1 text-sm ${shown("description") ? "font-medium text-red-700" : "text-neutral-500"}`}
        >
          {shown("description") ?? `${description.trim().length} / ${DESIGN_DETAIL_LIMITS.description}`}
        </p>
      </div>
      <TagsField
        tags={tags}
        onTags={(next) => {
          update({ tags: next });
          setTouched((previous) => ({ ...previous, tags: true }));
        }}
        problem={shown("tags")}
      />
    </div>
  );
}

function TagsField({
  tags,
  onTags,
  problem,
}: {
  tags: readonly string[];
  onTags: (tags: string[]) => void;
  problem: string | undefined;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [typedProblem, setTypedProblem] = useState<string | undefined>();
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(normaliseTag(text), 150);
  const suggestions = useDesignTagSuggestions(query);
  const options = (text.trim() ? (suggestions.data ?? []) : []).filter((tag) => !tags.includes(tag));
  const isOpen = options.length > 0;

  const add = (tag: string) => {
    const problemOfTag = tagProblem(tag, tags);
    if (problemOfTag) {
      setTypedProblem(problemOfTag);
      return;
    }
    onTags([...tags, normaliseTag(tag)]);
    setText("");
    setTypedProblem(undefined);
    setActive(-1);
  };

  const message = typedProblem ?? problem;
  return (
    <div>
      <label htmlFor={`${id}-input`} className="block text-sm font-semibold text-neutral-900">
        Tags
      </label>
      <p id={`${id}-hint`} className="text-sm text-neutral-500">
        Words shoppers search for. Press Enter or comma after each tag ({tags.length} / {DESIGN_DETAIL_LIMITS.tagsMax}).
      </p>
      {tags.length > 0 && (
        <ul aria-label="Tags added" className="mt-2 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag}
              className="flex items-center gap-1 rounded-full bg-neutral-900 py-1 pr-1 pl-3 text-sm text-white"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onTags(tags.filter((candidate) => candidate !== tag))}
                className="flex size-6 items-center justify-center rounded-full hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative mt-2">
        <input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={isOpen && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint ${id}-problem`}
          value={text}
          autoComplete="off"
          onChange={(event) => {
            setText(event.currentTarget.value.replace(/,/g, ""));
            setTypedProblem(undefined);
            setActive(-1);
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" && isOpen) {
              event.preventDefault();
              setActive((index) => (index + 1) % options.length);
            } else if (event.key === "ArrowUp" && isOpen) {
              event.preventDefault();
              setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
            } else if (event.key === "Enter" || event.key === ",") {
              event.preventDefault();
              const chosen = isOpen && active >= 0 ? options[active] : text;
              if (chosen?.trim()) add(chosen);
            } else if (event.key === "Backspace" && text === "" && tags.length > 0) {
              onTags(tags.slice(0, -1));
            } else if (event.key === "Escape") {
              setText("");
            }
          }}
          className={`${INPUT} h-11 ${borderOf(message)}`}
        />
        {isOpen && (
          <div
            id={`${id}-list`}
            role="listbox"
            aria-label="Tag suggestions"
            className="absolute inset-x-0 top-full z-10 mt-1 max-h-60 overflow-auto rounded-xl border border-neutral-200 bg-white py-1 shadow-lg"
          >
            {options.map((tag, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the field; options are pointed at with aria-activedescendant
              <div
                key={tag}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  add(tag);
                }}
                className={`cursor-pointer px-3.5 py-2 text-[15px] ${index === active ? "bg-neutral-100" : "hover:bg-neutral-50"}`}
              >
                {tag}
              </div>
            ))}
          </div>
        )}
      </div>
      <p id={`${id}-problem`} className="mt-1 min-h-5 text-sm font-medium text-red-700">
        {message}
      </p>
    </div>
  );
}
