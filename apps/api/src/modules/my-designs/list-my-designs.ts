import type { MyDesign, MyDesignsFilter, MyDesignsResponse } from "@threadfolk/contract/studio-sales";
import { MY_DESIGNS_PAGE_SIZE } from "@threadfolk/contract/studio-sales";
import type { AppContext } from "../../context.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { presentDesignCard, presentPageMeta } from "../discovery/presenters.ts";
import { findDesignCardRows } from "../discovery/queries.ts";
import { presentMyDesign, presentMyDraft } from "./presenters.ts";
import { findDesignsByIds, findDraftsByIds, findMyDesignPage } from "./queries.ts";

/** My Designs entries for designs, in the order given: each with its shop card (deactivated ones too). */
export async function presentMyDesigns({
  context,
  designIds,
}: {
  context: Pick<AppContext, "db" | "config">;
  designIds: readonly string[];
}): Promise<Map<string, MyDesign>> {
  const { db } = context;
  const [rows, cardRows, images] = await Promise.all([
    findDesignsByIds({ db, designIds }),
    findDesignCardRows({ db, designIds, includeUnlisted: true }),
    createImageUrlSigner({ db, config: context.config }),
  ]);
  const shop = new Map(
    cardRows.map((row) => [row.id, { card: presentDesignCard(row, images), priceCents: row.priceCents }]),
  );
  return new Map(rows.map((design) => [design.id, presentMyDesign(design, shop.get(design.id))]));
}

/** One page of the artist's designs and drafts, newest first, filtered by status. */
export async function listMyDesigns({
  context,
  artistId,
  filter,
  page,
}: {
  context: Pick<AppContext, "db" | "config">;
  artistId: string;
  filter: MyDesignsFilter;
  page: number;
}): Promise<MyDesignsResponse> {
  const { db } = context;
  const perPage = MY_DESIGNS_PAGE_SIZE;
  const { refs, totalCount } = await findMyDesignPage({ db, artistId, filter, page, perPage });
  const designIds = refs.filter((ref) => ref.kind === "design").map((ref) => ref.id);
  const draftIds = refs.filter((ref) => ref.kind === "draft").map((ref) => ref.id);
  const [designsById, drafts] = await Promise.all([
    presentMyDesigns({ context, designIds }),
    findDraftsByIds({ db, draftIds }),
  ]);
  const draftsById = new Map(drafts.map((draft) => [draft.id, presentMyDraft(draft)]));
  const data = refs.flatMap((ref) => {
    const entry = ref.kind === "design" ? designsById.get(ref.id) : draftsById.get(ref.id);
    return entry ? [entry] : [];
  });
  return { data, meta: presentPageMeta({ totalCount, page, perPage }) };
}
