import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import {
  DEACTIVATE_DESIGN_DIALOG,
  DESIGN_STUDIO_STATUS_NAMES,
  STOREFRONT_COLLECTION_MESSAGES,
} from "@threadfolk/contract/studio";
import type { MyDesign, StorefrontCollection } from "@threadfolk/contract/studio-sales";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { GRID_COLUMNS } from "../../../components/design-grid.tsx";
import { Pagination } from "../../../components/pagination.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { toast } from "../../../lib/toast.ts";
import { useChangeDesignStatus, useDiscardDraft, useMyDesigns } from "../api/my-designs.ts";
import type { MyDesignsFilter } from "../api/query-keys.ts";
import {
  collectionRefusalMessage,
  isCollectionRefusal,
  useChangeCollection,
  useStorefrontCollections,
} from "../api/storefront-collections.ts";
import { initialSelection, toggleSelected } from "../collection-selection.ts";
import { CollectionEditorBar } from "./collection-editor-bar.tsx";
import { CollectionsPanel } from "./collections-panel.tsx";
import { MyDesignTile } from "./my-design-tile.tsx";
import { StudioCallout, StudioLoadError } from "./studio-states.tsx";

export const MY_DESIGNS_FILTER_OPTIONS: ReadonlyArray<{ value: MyDesignsFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "live", label: DESIGN_STUDIO_STATUS_NAMES.live },
  { value: "draft", label: DESIGN_STUDIO_STATUS_NAMES.draft },
  { value: "deactivated", label: DESIGN_STUDIO_STATUS_NAMES.deactivated },
];

/** The filter named in the URL (`?status=`), "all" for anything else. */
export function parseMyDesignsFilter(value: string | null): MyDesignsFilter {
  return MY_DESIGNS_FILTER_OPTIONS.find((option) => option.value === value)?.value ?? "all";
}

type Editing = { mode: "create" } | { mode: "edit"; collection: StorefrontCollection };

type MyDesignsViewProps = {
  filter: MyDesignsFilter;
  page: number;
  layout: "desktop" | "mobile";
  /** The URL of a filter and page (the page keeps them in its search parameters). */
  hrefFor: (filter: MyDesignsFilter, page: number) => string;
};

/**
 * My Designs: the artist's designs and drafts with their status, edit and delete (deactivate, confirmed in the
 * generic dialog) or reactivate; the storefront collections, whose create and edit modes turn the cards into a
 * selection (spec section 2).
 */
export function MyDesignsView({ filter, page, layout, hrefFor }: MyDesignsViewProps) {
  const designs = useMyDesigns(filter, page);
  const collections = useStorefrontCollections();
  const changeStatus = useChangeDesignStatus();
  const discardDraft = useDiscardDraft();
  const changeCollection = useChangeCollection();

  const [toDeactivate, setToDeactivate] = useState<MyDesign>();
  const [toDiscard, setToDiscard] = useState<MyDesign>();
  const [isDeletingCollection, setIsDeletingCollection] = useState(false);
  const [editing, setEditing] = useState<Editing>();
  const [selected, setSelected] = useState<string[]>([]);
  const [collectionName, setCollectionName] = useState("");
  const [editorError, setEditorError] = useState<string>();

  const startEditing = (next: Editing) => {
    setEditing(next);
    setEditorError(undefined);
    setCollectionName(next.mode === "edit" ? next.collection.attributes.name : "");
    setSelected(next.mode === "edit" ? initialSelection(next.collection.attributes.designUuids, undefined) : []);
  };
  const stopEditing = () => {
    setEditing(undefined);
    setSelected([]);
    setEditorError(undefined);
  };

  const saveCollection = () => {
    if (!editing) return;
    const name = collectionName.trim();
    if (!name) {
      setEditorError(STOREFRONT_COLLECTION_MESSAGES.nameRequired);
      return;
    }
    const change =
      editing.mode === "create"
        ? { kind: "create" as const, name, designUuids: selected }
        : { kind: "update" as const, id: editing.collection.id, name, designUuids: selected };
    changeCollection.mutate(change, {
      onSuccess: () => {
        toast.success(`${name} is saved`);
        stopEditing();
      },
      onError: (error) => {
        if (isCollectionRefusal(error)) setEditorError(collectionRefusalMessage(error));
      },
    });
  };

  const deleteCollection = () => {
    if (editing?.mode !== "edit") return;
    const { id, attributes } = editing.collection;
    changeCollection.mutate(
      { kind: "delete", id },
      {
        onSuccess: () => {
          toast.success(`${attributes.name} is deleted`);
          stopEditing();
        },
      },
    );
  };

  const isSelecting = editing !== undefined;
  const entries = designs.data?.data ?? [];
  // Collections hold published designs: drafts step aside while the artist picks.
  const shown = isSelecting ? entries.filter((design) => design.attributes.card !== null) : entries;

  return (
    <div className="space-y-6">
      {collections.data && (
        <CollectionsPanel
          collections={collections.data}
          onCreate={() => startEditing({ mode: "create" })}
          onEdit={(collection) => startEditing({ mode: "edit", collection })}
          onMove={(collection, position) => changeCollection.mutate({ kind: "update", id: collection.id, position })}
          isBusy={changeCollection.isPending || isSelecting}
        />
      )}

      <nav aria-label="Filter designs by status" className="flex gap-2 overflow-x-auto [scrollbar-width:none]">
        {MY_DESIGNS_FILTER_OPTIONS.map((option) => (
          <Link
            key={option.value}
            to={hrefFor(option.value, 1)}
            aria-current={option.value === filter ? "page" : undefined}
            className={`flex h-10 shrink-0 items-center rounded-full px-4 text-sm whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
              option.value === filter
                ? "bg-neutral-950 font-semibold text-white"
                : "bg-neutral-100 font-medium text-neutral-800 hover:bg-neutral-200"
            }`}
          >
            {option.label}
          </Link>
        ))}
      </nav>

      {isSelecting && (
        <p className="rounded-xl bg-brand/5 px-4 py-3 text-sm text-neutral-800">
          <strong>{editing.mode === "create" ? "Creating a collection:" : "Editing a collection:"}</strong> tap the
          designs to put in it, in the order they should show. Tap again to take one out.
        </p>
      )}

      {designs.isPending ? (
        <Spinner className="py-16" label="Loading your designs" />
      ) : designs.isError ? (
        <StudioLoadError what="Your designs" onRetry={() => designs.refetch()} />
      ) : designs.data.meta.totalCount === 0 ? (
        filter === "all" ? (
          <StudioCallout
            title="No designs yet"
            action={{ label: "Open the Product Designer", to: CLIENT_ROUTES.productUploadWizard }}
          >
            Upload your artwork, see it on every colour, price it and publish: your first design is a few steps away.
          </StudioCallout>
        ) : (
          <p className="rounded-2xl bg-neutral-50 px-5 py-8 text-neutral-700">
            No {MY_DESIGNS_FILTER_OPTIONS.find((option) => option.value === filter)?.label.toLowerCase()} designs.
          </p>
        )
      ) : (
        <>
          <ul
            aria-label="Your designs"
            className={`grid ${GRID_COLUMNS[layout]} ${designs.isPlaceholderData ? "opacity-60" : ""}`}
          >
            {shown.map((design) => (
              <li key={`${design.type}-${design.id}`}>
                <MyDesignTile
                  design={design}
                  layout={layout}
                  selection={
                    isSelecting
                      ? {
                          isSelected: selected.includes(design.id),
                          onToggle: () => setSelected((previous) => toggleSelected(previous, design.id)),
                        }
                      : undefined
                  }
                  onDeactivate={setToDeactivate}
                  onReactivate={(target) => changeStatus.mutate({ uuid: target.id, action: "reactivate" })}
                  onDiscardDraft={setToDiscard}
                  isBusy={changeStatus.isPending && changeStatus.variables?.uuid === design.id}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={designs.data.meta.totalPages}
            hrefForPage={(target) => hrefFor(filter, target)}
          />
        </>
      )}

      {editing && (
        <CollectionEditorBar
          mode={editing.mode}
          name={collectionName}
          onNameChange={(name) => {
            setCollectionName(name);
            setEditorError(undefined);
          }}
          selectedCount={selected.length}
          onSave={saveCollection}
          onCancel={stopEditing}
          onDelete={editing.mode === "edit" ? () => setIsDeletingCollection(true) : undefined}
          error={editorError}
          isSaving={changeCollection.isPending}
        />
      )}

      <ConfirmDialog
        open={toDeactivate !== undefined}
        onOpenChange={(open) => {
          if (!open) setToDeactivate(undefined);
        }}
        title={`Deactivate ${toDeactivate?.attributes.displayName ?? "this design"}?`}
        description="Shoppers will no longer find it in search, on your storefront or in new carts. Orders already placed are not affected, and you can reactivate it at any time."
        cancelLabel={DEACTIVATE_DESIGN_DIALOG.cancel}
        confirmLabel={DEACTIVATE_DESIGN_DIALOG.confirm}
        onConfirm={() => {
          if (toDeactivate) changeStatus.mutate({ uuid: toDeactivate.id, action: "deactivate" });
        }}
      />
      <ConfirmDialog
        open={toDiscard !== undefined}
        onOpenChange={(open) => {
          if (!open) setToDiscard(undefined);
        }}
        title="Discard this draft?"
        description="Its artwork and settings are deleted. This cannot be undone."
        confirmLabel="Discard Draft"
        onConfirm={() => {
          if (toDiscard) discardDraft.mutate(toDiscard.id);
        }}
      />
      <ConfirmDialog
        open={isDeletingCollection}
        onOpenChange={setIsDeletingCollection}
        title={`Delete ${editing?.mode === "edit" ? editing.collection.attributes.name : "this collection"}?`}
        description="The section leaves your storefront. The designs in it stay as they are."
        confirmLabel="Delete Collection"
        onConfirm={deleteCollection}
      />
    </div>
  );
}
