import type { CustomerProfileDesignCollectionWithDesigns, LikedDesignCard } from "@threadfolk/contract/favorites";
import { homeCollectionResultsPath } from "@threadfolk/contract/routes";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useDesignCardHeart } from "../../app/use-design-card-heart.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DesignCard } from "../../components/design-card.tsx";
import { GRID_COLUMNS } from "../../components/design-grid.tsx";
import { PageHeading } from "../../components/page-heading.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useCreateCollection } from "../../features/favorites/api/create-collection.ts";
import { useDeleteCollection } from "../../features/favorites/api/delete-collection.ts";
import { useMoreCollectionDesigns } from "../../features/favorites/api/get-collection-page.ts";
import { useCollectionsWithDesigns } from "../../features/favorites/api/get-collections.ts";
import { useRenameCollection } from "../../features/favorites/api/rename-collection.ts";
import { useToggleLikedVariant } from "../../features/favorites/api/toggle-liked-variant.ts";
import { CollectionNameDialog } from "../../features/favorites/components/collection-name-dialog.tsx";
import { useFavoriteDesignUuids } from "../../lib/use-favorite-design-uuids.ts";
import { useIsDesktop } from "../../lib/use-media-query.ts";

const BROWSE_PATH = homeCollectionResultsPath("browse");

const smallButtonClass =
  "inline-flex h-10 items-center rounded-full border border-neutral-300 bg-white px-4 text-sm font-semibold text-neutral-800 transition-colors hover:border-neutral-400 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

function BrowseLink({ children = "Browse Designs" }: { children?: string }) {
  return (
    <Link
      to={BROWSE_PATH}
      className="mt-5 inline-flex h-11 items-center rounded-full bg-brand px-6 text-sm font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      {children}
    </Link>
  );
}

type DialogState =
  | { kind: "none" }
  | { kind: "create" }
  | { kind: "rename"; collection: CustomerProfileDesignCollectionWithDesigns }
  | { kind: "delete"; collection: CustomerProfileDesignCollectionWithDesigns };

function countText(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "design" : "designs"}`;
}

function CollectionSection({
  collection,
  onRename,
  onDelete,
}: {
  collection: CustomerProfileDesignCollectionWithDesigns;
  onRename: (button: HTMLButtonElement) => void;
  onDelete: (button: HTMLButtonElement) => void;
}) {
  const headingId = useId();
  const isDesktop = useIsDesktop();
  const favorites = useFavoriteDesignUuids();
  const onHeartClick = useDesignCardHeart();
  const toggle = useToggleLikedVariant();
  const { displayName, designs: firstPage, designCount } = collection.attributes;
  const [wantsMore, setWantsMore] = useState(false);
  const more = useMoreCollectionDesigns(collection.id, wantsMore);
  // The first page comes with every collection, later ones on request. A removal shifts the pages, so a
  // design may show up twice until they are refetched: each is listed once.
  const designs = [...firstPage, ...(more.data?.pages.flatMap((page) => page.designs) ?? [])].filter(
    (card, index, all) => all.findIndex((other) => other.uuid === card.uuid) === index,
  );
  const hasMore = designCount > designs.length && (!wantsMore || more.isPending || more.isError || more.hasNextPage);

  function remove(card: LikedDesignCard) {
    toggle.mutate({
      collectionId: collection.id,
      variantId: card.likedSellerDesignProductVariantId,
      designUuid: card.uuid,
    });
  }

  return (
    <section aria-labelledby={headingId} className="border-t border-neutral-200 pt-7 pb-10 first:border-t-0">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="w-full min-w-0 sm:w-auto sm:flex-1">
          <h2 id={headingId} className="truncate font-display text-2xl font-extrabold tracking-tight text-neutral-950">
            {displayName}
          </h2>
          <p className="text-sm text-neutral-600">{countText(designCount)}</p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            aria-label={`Rename ${displayName}`}
            onClick={(event) => onRename(event.currentTarget)}
            className={smallButtonClass}
          >
            Rename
          </button>
          <button
            type="button"
            aria-label={`Delete ${displayName}`}
            onClick={(event) => onDelete(event.currentTarget)}
            className={`${smallButtonClass} hover:border-brand hover:text-brand`}
          >
            Delete
          </button>
        </div>
      </div>

      {designs.length === 0 ? (
        <div className="mt-5 rounded-2xl bg-neutral-50 px-5 py-8 text-center">
          <p className="text-neutral-700">No designs in this list yet. Tap the heart on any design to add it here.</p>
          <BrowseLink />
        </div>
      ) : (
        <>
          <ul aria-label={`Designs in ${displayName}`} className={`mt-5 grid ${GRID_COLUMNS.desktop}`}>
            {designs.map((card) => {
              const isRemoving =
                toggle.isPending && toggle.variables?.variantId === card.likedSellerDesignProductVariantId;
              return (
                <li key={card.uuid} className="flex flex-col">
                  <DesignCard
                    card={card}
                    layout={isDesktop ? "desktop" : "mobile"}
                    isFavorite={favorites.has(card.uuid)}
                    onHeartClick={onHeartClick}
                  />
                  <button
                    type="button"
                    aria-label={`Remove ${card.displayName} from ${displayName}`}
                    aria-busy={isRemoving || undefined}
                    onClick={() => {
                      if (!toggle.isPending) remove(card);
                    }}
                    className="mt-2 self-start rounded text-sm font-semibold text-neutral-600 underline-offset-4 hover:text-brand hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                  >
                    {isRemoving ? "Removing…" : "Remove"}
                  </button>
                </li>
              );
            })}
          </ul>
          {designCount > designs.length && (
            <div className="mt-6 flex flex-wrap items-center gap-4">
              <p className="text-sm text-neutral-600">
                Showing the {designs.length} most recently added of {countText(designCount)}.
              </p>
              {hasMore && (
                <button
                  type="button"
                  aria-label={`Show more designs in ${displayName}`}
                  aria-busy={more.isFetching || undefined}
                  disabled={more.isFetching}
                  onClick={() => {
                    if (!wantsMore) setWantsMore(true);
                    else if (more.isError) void more.refetch();
                    else void more.fetchNextPage();
                  }}
                  className={smallButtonClass}
                >
                  {more.isFetching ? "Loading…" : "Show more"}
                </button>
              )}
              {more.isError && <p className="text-sm text-brand">Those designs could not be loaded. Try again.</p>}
            </div>
          )}
        </>
      )}
    </section>
  );
}

/**
 * Favorite Designs (`/my-profile/favorites`): each of the customer's collections with its designs, to rename,
 * delete, or take a design out of; a new collection can be started here too.
 */
export default function FavoritesPage() {
  const collections = useCollectionsWithDesigns();
  // A collection may move between pages as others are created or deleted: each is shown once.
  const shown = (collections.data?.pages.flatMap((page) => page.collections) ?? []).filter(
    (collection, index, all) => all.findIndex((other) => other.id === collection.id) === index,
  );
  const createCollection = useCreateCollection();
  const renameCollection = useRenameCollection();
  const deleteCollection = useDeleteCollection();
  const [dialog, setDialog] = useState<DialogState>({ kind: "none" });
  // The button that opened a dialog gets the focus back (the dialogs have no Radix trigger of their own).
  const returnFocus = useRef<HTMLElement | null>(null);
  const headingRegion = useRef<HTMLDivElement>(null);

  function openDialog(next: DialogState, opener: HTMLElement) {
    returnFocus.current = opener;
    setDialog(next);
  }

  function restoreFocus(event: Event) {
    event.preventDefault();
    const target = returnFocus.current?.isConnected ? returnFocus.current : headingRegion.current?.querySelector("h1");
    if (target instanceof HTMLElement) {
      if (target.tagName === "H1") target.tabIndex = -1;
      target.focus();
    }
  }

  const closeDialog = (open: boolean) => {
    if (!open) setDialog({ kind: "none" });
  };

  return (
    <div className="pb-16">
      <div ref={headingRegion}>
        <PageHeading title="Favorite Designs" eyebrow="My Profile">
          <p className="mt-3 max-w-2xl text-neutral-600">
            Your lists of saved designs. Tap the heart on any design to add it to a list.
          </p>
          <button
            type="button"
            onClick={(event) => openDialog({ kind: "create" }, event.currentTarget)}
            className="mt-5 inline-flex h-11 items-center gap-2 rounded-full bg-neutral-950 px-5 text-sm font-bold text-white transition-colors hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            New Collection
          </button>
        </PageHeading>
      </div>

      <div className="px-5 md:px-10">
        {collections.isPending ? (
          <Spinner className="py-16" label="Loading your collections" />
        ) : !collections.data ? (
          <div className="rounded-2xl bg-neutral-50 px-5 py-8">
            <p className="text-neutral-700">Your collections could not be loaded.</p>
            <button type="button" onClick={() => collections.refetch()} className={`mt-4 ${smallButtonClass}`}>
              Try again
            </button>
          </div>
        ) : shown.length === 0 ? (
          <div className="rounded-2xl bg-neutral-50 px-5 py-10 text-center">
            <h2 className="font-display text-xl font-extrabold text-neutral-950">No favorites yet</h2>
            <p className="mt-2 text-neutral-700">
              Tap the heart on a design you love to save it into a list. Your lists show up here.
            </p>
            <BrowseLink />
          </div>
        ) : (
          <>
            {shown.map((collection) => (
              <CollectionSection
                key={collection.id}
                collection={collection}
                onRename={(button) => openDialog({ kind: "rename", collection }, button)}
                onDelete={(button) => openDialog({ kind: "delete", collection }, button)}
              />
            ))}
            {collections.hasNextPage && (
              <div className="border-t border-neutral-200 pt-7">
                <button
                  type="button"
                  aria-busy={collections.isFetchingNextPage || undefined}
                  disabled={collections.isFetchingNextPage}
                  onClick={() => void collections.fetchNextPage()}
                  className={smallButtonClass}
                >
                  {collections.isFetchingNextPage ? "Loading…" : "Show more collections"}
                </button>
                {collections.isFetchNextPageError && (
                  <p className="mt-3 text-sm text-brand">More collections could not be loaded. Try again.</p>
                )}
              </div>
            )}
          </>
        )}
      </div>

      <CollectionNameDialog
        open={dialog.kind === "create"}
        onOpenChange={closeDialog}
        title="Name Your New Collection"
        submitLabel="Create Collection"
        onSubmitName={(displayName) => createCollection.mutate(displayName)}
        onCloseAutoFocus={restoreFocus}
      />
      <CollectionNameDialog
        open={dialog.kind === "rename"}
        onOpenChange={closeDialog}
        title="Rename Collection"
        submitLabel="Save Name"
        initialName={dialog.kind === "rename" ? dialog.collection.attributes.displayName : ""}
        onSubmitName={(displayName) => {
          if (dialog.kind === "rename") renameCollection.mutate({ id: dialog.collection.id, displayName });
        }}
        onCloseAutoFocus={restoreFocus}
      />
      <ConfirmDialog
        open={dialog.kind === "delete"}
        onOpenChange={closeDialog}
        title={dialog.kind === "delete" ? `Delete ${dialog.collection.attributes.displayName}?` : "Delete collection?"}
        description="The list goes away for good. Designs you also saved in other lists stay there."
        confirmLabel="Delete Collection"
        onCloseAutoFocus={restoreFocus}
        onConfirm={() => {
          if (dialog.kind === "delete") {
            const { id, attributes } = dialog.collection;
            deleteCollection.mutate({ id, displayName: attributes.displayName });
          }
        }}
      />
    </div>
  );
}
