/** Selection mode's cover over a design card: a filled check mark when selected, an empty dot otherwise (spec section 2). */
export function SelectionCover({
  name,
  isSelected,
  onToggle,
}: {
  name: string;
  isSelected: boolean;
  /** Selects or deselects the design by its id. */
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      aria-label={`Select ${name}`}
      onClick={onToggle}
      className={`absolute -inset-1.5 z-10 rounded-2xl focus-visible:outline-2 focus-visible:outline-brand ${
        isSelected ? "bg-brand/10 ring-2 ring-brand" : "hover:bg-neutral-900/5"
      }`}
    >
      <span
        aria-hidden="true"
        className={`absolute top-3.5 left-3.5 flex size-8 items-center justify-center rounded-full shadow-sm ring-2 ${
          isSelected ? "bg-brand text-white ring-white" : "bg-white/90 ring-neutral-400"
        }`}
      >
        {isSelected ? (
          <svg
            viewBox="0 0 20 20"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            aria-hidden="true"
          >
            <path d="m5 10.5 3.2 3.2L15 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ) : (
          <span className="size-2.5 rounded-full bg-neutral-400" />
        )}
      </span>
    </button>
  );
}
