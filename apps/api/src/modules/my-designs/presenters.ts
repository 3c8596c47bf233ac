import { resolveColor } from "@threadfolk/contract/colors";
import type { DesignCard } from "@threadfolk/contract/discovery";
import { isUuid } from "@threadfolk/contract/ids";
import type { MyDesign } from "@threadfolk/contract/studio-sales";
import type { designDrafts, designs } from "../../db/schema/index.ts";

type DesignRow = typeof designs.$inferSelect;
type DraftRow = typeof designDrafts.$inferSelect;

/** The name a draft shows before it has a title. */
export const UNTITLED_DRAFT_NAME = "Untitled design";

/** A published design in My Designs: live or deactivated, with its shop card (its price and image come from it). */
export function presentMyDesign(
  design: DesignRow,
  shop: { card: DesignCard; priceCents: number } | undefined,
): MyDesign {
  const card = shop?.card;
  const color = resolveColor(design.defaultColor) ?? "black";
  return {
    id: design.id,
    type: "sellerDesign",
    attributes: {
      status: design.takenDownAt ? "taken_down" : design.status === "active" ? "live" : "deactivated",
      displayName: design.displayName,
      slug: design.slug,
      imageUrl: card?.watermarkedSignedUrls[card.defaultColor] ?? null,
      price: card?.price ?? null,
      priceCents: shop?.priceCents ?? null,
      defaultColor: color,
      updatedAt: design.updatedAt.toISOString(),
      designPath: `/design/${design.id}/${design.slug}/${color}`,
      card: card ?? null,
    },
  };
}

/** An unpublished draft in My Designs: its title so far, its artwork's preview once uploaded, no price or card. */
export function presentMyDraft(draft: DraftRow, previewUrl: string | null): MyDesign {
  const title = typeof draft.data.title === "string" ? draft.data.title.trim() : "";
  const color = typeof draft.data.defaultColor === "string" ? (resolveColor(draft.data.defaultColor) ?? null) : null;
  return {
    id: draft.id,
    type: "designDraft",
    attributes: {
      status: "draft",
      displayName: title || UNTITLED_DRAFT_NAME,
      slug: null,
      imageUrl: previewUrl,
      price: null,
      priceCents: null,
      defaultColor: color,
      updatedAt: draft.updatedAt.toISOString(),
      designPath: null,
      card: null,
    },
  };
}

/** The artwork upload a draft names, if any. */
export function draftArtworkUploadId(draft: DraftRow): string | undefined {
  const id = draft.data.artworkUploadId;
  return typeof id === "string" && isUuid(id) ? id.toLowerCase() : undefined;
}
