import { DEACTIVATE_DESIGN_DIALOG } from "@threadfolk/contract/studio";
import type { MyDesign } from "@threadfolk/contract/studio-sales";
import { Link } from "react-router";
import { DesignCard } from "../../../components/design-card.tsx";
import { draftWizardPath, productEditorPath, type StudioNavigationState } from "../studio-paths.ts";
import { DesignStatusBadge } from "./design-status-badge.tsx";
import { SelectionCover } from "./selection-cover.tsx";
import { PencilIcon, RestoreIcon, TrashIcon } from "./studio-icons.tsx";

const controlClass =
  "flex size-10 items-center justify-center rounded-full bg-white/95 text-neutral-800 shadow-sm ring-1 ring-neutral-900/10 backdrop-blur transition hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-50";

type MyDesignTileProps = {
  design: MyDesign;
  layout: "desktop" | "mobile";
  /** Collection modes: the card is selectable instead of navigable. */
  selection?: { isSelected: boolean; onToggle: () => void };
  /** Opens the confirm dialog (a live design) or reactivates (a deactivated one). */
  onDeactivate: (design: MyDesign) => void;
  onReactivate: (design: MyDesign) => void;
  onDiscardDraft: (design: MyDesign) => void;
  /** The design whose status change is on its way. */
  isBusy: boolean;
};

function formatUpdated(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ""
    : date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** A draft: its artwork (or an empty frame), its name, and Continue (the wizard) or Discard. */
function DraftTile({ design, onDiscardDraft }: Pick<MyDesignTileProps, "design" | "onDiscardDraft">) {
  const { displayName, imageUrl, updatedAt } = design.attributes;
  const state: StudioNavigationState = { design };
  return (
    <article className="flex flex-col">
      <div className="relative aspect-square overflow-hidden rounded-xl bg-[repeating-conic-gradient(#f5f5f5_0%_25%,#fff_0%_50%)] bg-[length:24px_24px] ring-1 ring-neutral-900/10">
        {imageUrl ? (
          <img src={imageUrl} alt="" loading="lazy" decoding="async" className="h-full w-full object-contain p-6" />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center text-sm text-neutral-500">
            No artwork yet
          </span>
        )}
        <DesignStatusBadge status="draft" className="absolute bottom-2 left-2" />
      </div>
      <div className="px-0.5 pt-3">
        <h3 className="line-clamp-1 text-[15px] font-semibold text-neutral-900">{displayName || "Untitled design"}</h3>
        <p className="mt-0.5 text-sm text-neutral-600">Saved {formatUpdated(updatedAt)}</p>
        <div className="mt-2 flex items-center gap-3">
          <Link
            to={draftWizardPath(design.id)}
            state={state}
            className="inline-flex h-9 items-center rounded-full bg-neutral-950 px-4 text-sm font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            Continue
          </Link>
          <button
            type="button"
            onClick={() => onDiscardDraft(design)}
            className="text-sm font-semibold text-neutral-600 hover:text-brand"
          >
            Discard
          </button>
        </div>
      </div>
    </article>
  );
}

/**
 * One entry of My Designs: a published design as the shop's design card with its status, Edit (the product
 * editor) and the delete control (deactivation) or Reactivate; a draft as a draft tile.
 */
export function MyDesignTile({
  design,
  layout,
  selection,
  onDeactivate,
  onReactivate,
  onDiscardDraft,
  isBusy,
}: MyDesignTileProps) {
  const { card, status, displayName } = design.attributes;
  if (!card) return <DraftTile design={design} onDiscardDraft={onDiscardDraft} />;
  const state: StudioNavigationState = { design };
  return (
    <div className={status === "live" ? undefined : "[&_img]:opacity-60 [&_img]:grayscale"}>
      <DesignCard
        card={card}
        layout={layout}
        isFavorite={false}
        selection={selection && { overlay: <SelectionCover name={displayName} {...selection} /> }}
        badge={<DesignStatusBadge status={status} className="absolute bottom-2 left-2" />}
        controls={
          <div className="absolute top-2 right-2 flex gap-2">
            <Link
              to={productEditorPath(design.id)}
              state={state}
              aria-label={`Edit ${displayName}`}
              title="Edit"
              className={controlClass}
            >
              <PencilIcon className="size-5" />
            </Link>
            {status === "taken_down" ? null : status === "deactivated" ? (
              <button
                type="button"
                aria-label={`Reactivate ${displayName}`}
                title="Reactivate"
                disabled={isBusy}
                onClick={() => onReactivate(design)}
                className={controlClass}
              >
                <RestoreIcon className="size-5" />
              </button>
            ) : (
              <button
                type="button"
                aria-label={`${DEACTIVATE_DESIGN_DIALOG.confirm}: ${displayName}`}
                title="Delete"
                disabled={isBusy}
                onClick={() => onDeactivate(design)}
                className={controlClass}
              >
                <TrashIcon className="size-5" />
              </button>
            )}
          </div>
        }
      />
    </div>
  );
}
