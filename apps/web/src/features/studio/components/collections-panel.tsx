import type { StorefrontCollection } from "@threadfolk/contract/studio-sales";
import { ArrowDownIcon, ArrowUpIcon, PlusIcon } from "./studio-icons.tsx";

type CollectionsPanelProps = {
  collections: StorefrontCollection[];
  onCreate: () => void;
  onEdit: (collection: StorefrontCollection) => void;
  /** Moves a collection to another place among the storefront's sections (0 first). */
  onMove: (collection: StorefrontCollection, position: number) => void;
  /** True while a change is on its way (the buttons wait for it). */
  isBusy: boolean;
};

const smallButton =
  "flex size-9 items-center justify-center rounded-full text-neutral-700 hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-30 disabled:hover:bg-transparent";

/** The storefront's collections (its sections, in order): reorder, edit, or create one. */
export function CollectionsPanel({ collections, onCreate, onEdit, onMove, isBusy }: CollectionsPanelProps) {
  return (
    <section aria-labelledby="storefront-collections" className="rounded-2xl bg-neutral-50 p-4 md:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2
            id="storefront-collections"
            className="font-display text-lg font-extrabold tracking-tight text-neutral-950"
          >
            Storefront collections
          </h2>
          <p className="text-sm text-neutral-600">Group designs into sections of your storefront, in this order.</p>
        </div>
        <button
          type="button"
          onClick={onCreate}
          className="inline-flex h-10 items-center gap-1.5 rounded-full bg-neutral-950 px-4 text-sm font-bold text-white hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          <PlusIcon className="size-4" />
          Create collection
        </button>
      </div>
      {collections.length > 0 && (
        <ol className="mt-4 divide-y divide-neutral-200 rounded-xl bg-white ring-1 ring-neutral-900/5">
          {collections.map((collection, index) => {
            const { name, designUuids } = collection.attributes;
            return (
              <li key={collection.id} className="flex items-center gap-1 py-1.5 pr-1 pl-3 md:gap-2 md:pr-2 md:pl-4">
                <span className="w-5 shrink-0 text-sm font-semibold text-neutral-400 tabular-nums">{index + 1}</span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-neutral-900">{name}</span>
                  <span className="block text-xs text-neutral-600">
                    {designUuids.length} {designUuids.length === 1 ? "design" : "designs"}
                  </span>
                </span>
                <button
                  type="button"
                  aria-label={`Move ${name} up`}
                  disabled={isBusy || index === 0}
                  onClick={() => onMove(collection, index - 1)}
                  className={smallButton}
                >
                  <ArrowUpIcon className="size-4" />
                </button>
                <button
                  type="button"
                  aria-label={`Move ${name} down`}
                  disabled={isBusy || index === collections.length - 1}
                  onClick={() => onMove(collection, index + 1)}
                  className={smallButton}
                >
                  <ArrowDownIcon className="size-4" />
                </button>
                <button
                  type="button"
                  onClick={() => onEdit(collection)}
                  aria-label={`Edit collection ${name}`}
                  className="h-9 rounded-full px-3 text-sm font-semibold text-brand hover:bg-brand/5 focus-visible:outline-2 focus-visible:outline-brand"
                >
                  <span className="md:hidden">Edit</span>
                  <span className="hidden md:inline">Edit collection</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
