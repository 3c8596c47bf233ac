import { STOREFRONT_COLLECTION_LIMITS } from "@threadfolk/contract/studio";
import { useId } from "react";
import { Button } from "../../../components/button.tsx";

type CollectionEditorBarProps = {
  mode: "create" | "edit";
  name: string;
  onNameChange: (name: string) => void;
  selectedCount: number;
  onSave: () => void;
  onCancel: () => void;
  /** Edit mode only. */
  onDelete?: () => void;
  error: string | undefined;
  isSaving: boolean;
};

/**
 * The bar of the collection modes, floating over the bottom of the page while the artist picks cards: the
 * collection's name, how many designs are picked, Save, Cancel and (editing) Delete collection.
 */
export function CollectionEditorBar({
  mode,
  name,
  onNameChange,
  selectedCount,
  onSave,
  onCancel,
  onDelete,
  error,
  isSaving,
}: CollectionEditorBarProps) {
  const nameId = useId();
  return (
    <form
      aria-label={mode === "create" ? "Create collection" : "Edit collection"}
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
      className="sticky bottom-3 z-20 mx-auto mt-6 max-w-3xl rounded-2xl bg-white p-3 shadow-2xl ring-1 ring-neutral-900/10 md:p-4"
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={nameId} className="mb-1 block text-xs font-bold tracking-wide text-neutral-600 uppercase">
            {mode === "create" ? "New collection" : "Collection"} · {selectedCount}{" "}
            {selectedCount === 1 ? "design" : "designs"} selected
          </label>
          <input
            id={nameId}
            value={name}
            onChange={(event) => onNameChange(event.target.value)}
            maxLength={STOREFRONT_COLLECTION_LIMITS.name}
            placeholder="Collection Name"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${nameId}-error` : undefined}
            className={`block h-11 w-full rounded-xl border bg-white px-3.5 text-base outline-none focus:ring-2 md:text-[15px] ${
              error
                ? "border-red-600 focus:ring-red-600/20"
                : "border-neutral-300 focus:border-neutral-900 focus:ring-neutral-900/10"
            }`}
          />
        </div>
        <div className="flex items-center gap-2">
          {onDelete && (
            <button
              type="button"
              onClick={onDelete}
              className="h-11 rounded-full px-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand"
            >
              Delete collection
            </button>
          )}
          <Button variant="secondary" onClick={onCancel} className="h-11 flex-1 px-4 md:flex-none">
            Cancel
          </Button>
          <Button type="submit" busy={isSaving} className="h-11 flex-1 px-5 md:flex-none">
            Save
          </Button>
        </div>
      </div>
      {error && (
        <p id={`${nameId}-error`} role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {selectedCount} selected
      </p>
    </form>
  );
}
