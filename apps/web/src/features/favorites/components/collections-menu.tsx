import * as Popover from "@radix-ui/react-popover";
import type { DesignCard } from "@threadfolk/contract/discovery";
import { type RefObject, useEffect, useRef } from "react";
import { HeartIcon } from "../../../components/icons/icons.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useIsDesktop } from "../../../lib/use-media-query.ts";
import { useCreateCollection } from "../api/create-collection.ts";
import { useCollections } from "../api/get-collections.ts";
import { useToggleLikedVariant } from "../api/toggle-liked-variant.ts";
import { collectionMenuRows } from "../collection-menu-rows.ts";
import {
  closeCollectionsMenu,
  openCreateCollectionDialog,
  returnToCollectionsMenu,
  useCollectionsMenu,
} from "../hooks/use-collections-menu.ts";
import { CollectionNameDialog } from "./collection-name-dialog.tsx";

const rowClass =
  "flex min-h-11 w-full items-center gap-2 rounded-xl px-2.5 py-2 text-left text-sm text-neutral-800 md:gap-2.5 md:px-3 md:text-[15px] outline-none transition-colors hover:bg-neutral-100 focus-visible:bg-neutral-100 focus-visible:ring-2 focus-visible:ring-brand/40 aria-disabled:cursor-wait";

function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" className="size-5">
      <path d="M12 5v14M5 12h14" strokeLinecap="round" />
    </svg>
  );
}

/** The first collection's heart in the menu, or undefined while the list loads. */
function firstRow(content: HTMLElement | null): HTMLElement | undefined {
  return content?.querySelector<HTMLElement>("[data-collection-row]") ?? undefined;
}

function CollectionRows({ card, contentRef }: { card: DesignCard; contentRef: RefObject<HTMLDivElement | null> }) {
  const collections = useCollections();
  const toggle = useToggleLikedVariant();
  const variantId = card.defaultSellerDesignProductVariantId;

  // The menu opened before the list arrived holds the focus itself; hand it to the first list once loaded.
  useEffect(() => {
    if (collections.isSuccess && document.activeElement === contentRef.current) firstRow(contentRef.current)?.focus();
  }, [collections.isSuccess, contentRef]);

  if (collections.isPending) {
    return (
      <div className="flex justify-center py-4">
        <Spinner label="Loading your lists" />
      </div>
    );
  }
  if (collections.isError) {
    return (
      <p className="px-3 py-2 text-sm text-neutral-600">
        Your lists could not be loaded.{" "}
        <button type="button" onClick={() => collections.refetch()} className="font-semibold text-brand underline">
          Try again
        </button>
      </p>
    );
  }

  const rows = collectionMenuRows(collections.data, variantId);

  return (
    <ul className="space-y-0.5">
      {rows.map((row) => {
        const isBusy = toggle.isPending && toggle.variables?.collectionId === row.collectionId;
        return (
          <li key={row.key}>
            <button
              type="button"
              data-collection-row
              aria-pressed={row.isLiked}
              aria-label={`Add to ${row.name}`}
              // The phone menu is narrow: a long name is cut short on screen, so a pointer can still read it whole.
              title={row.name}
              aria-busy={isBusy || undefined}
              // aria-disabled rather than disabled: a disabled button would drop the keyboard focus mid-toggle.
              aria-disabled={variantId === null || toggle.isPending || undefined}
              onClick={() => {
                if (variantId === null || toggle.isPending) return;
                toggle.mutate({ collectionId: row.collectionId, variantId, designUuid: card.uuid });
              }}
              className={rowClass}
            >
              <span className="min-w-0 flex-1 truncate">{row.name}</span>
              <HeartIcon
                filled={row.isLiked}
                className={`size-5 shrink-0 ${row.isLiked ? "text-brand" : "text-neutral-500"} ${isBusy ? "animate-pulse" : ""}`}
              />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The collections menu (spec section 2, favouriting popover) and its create-collection dialog, rendered once
 * for the app and opened by a card's heart through `openCollectionsMenu(card, heart)`. The popover is 250px
 * wide on desktop and 175px on phones, where it opens from the heart's right edge and is kept on screen.
 */
export function CollectionsMenu() {
  const { view, card, anchor } = useCollectionsMenu();
  const isDesktop = useIsDesktop();
  const createCollection = useCreateCollection();
  const anchorRef = useRef<HTMLElement | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  anchorRef.current = anchor;
  // An outside click closes the menu without pulling the focus back to the heart; Escape and choices do.
  const closedByOutsideInteraction = useRef(false);

  function focusHeart(event: Event) {
    event.preventDefault();
    if (!closedByOutsideInteraction.current && anchor?.isConnected) anchor.focus();
    closedByOutsideInteraction.current = false;
  }

  if (!card) return null;
  return (
    <>
      <Popover.Root
        open={view === "menu"}
        onOpenChange={(open) => {
          if (!open) closeCollectionsMenu();
        }}
      >
        <Popover.Anchor virtualRef={anchorRef} />
        <Popover.Portal>
          <Popover.Content
            ref={contentRef}
            tabIndex={-1}
            aria-label={`Save ${card.displayName} to a list`}
            side="bottom"
            align="end"
            sideOffset={8}
            collisionPadding={8}
            onInteractOutside={(event) => {
              // The heart that opened the menu toggles it itself: do not close here and reopen on its click.
              if (anchor && event.target instanceof Node && anchor.contains(event.target)) {
                event.preventDefault();
                return;
              }
              closedByOutsideInteraction.current = true;
            }}
            onOpenAutoFocus={(event) => {
              // Focus the first list rather than 'Create list', which is all there is while the lists load.
              event.preventDefault();
              (firstRow(contentRef.current) ?? contentRef.current)?.focus();
            }}
            onCloseAutoFocus={focusHeart}
            style={{ width: isDesktop ? 250 : 175 }}
            className="z-40 max-h-[min(24rem,var(--radix-popover-content-available-height))] overflow-y-auto rounded-2xl border border-neutral-200 bg-white p-1.5 shadow-xl shadow-neutral-900/15 focus:outline-none"
          >
            <p className="px-2.5 pt-1.5 pb-1 text-xs font-bold md:px-3 tracking-wide text-neutral-500 uppercase">
              Your lists
            </p>
            <CollectionRows card={card} contentRef={contentRef} />
            <div className="my-1 h-px bg-neutral-200" />
            <button type="button" onClick={openCreateCollectionDialog} className={`${rowClass} font-semibold`}>
              <PlusIcon />
              <span>Create list</span>
            </button>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <CollectionNameDialog
        open={view === "create"}
        onOpenChange={(open) => {
          if (!open) returnToCollectionsMenu();
        }}
        title="Name Your New Collection"
        submitLabel="Create Collection"
        onSubmitName={(displayName) => createCollection.mutate(displayName)}
        // The menu opens again in its place and takes the focus itself.
        onCloseAutoFocus={(event) => event.preventDefault()}
      />
    </>
  );
}
