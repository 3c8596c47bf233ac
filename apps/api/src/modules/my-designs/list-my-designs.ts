import type { MyDesign, MyDesignsFilter, MyDesignsResponse } from "@threadfolk/contract/studio-sales";
import { MY_DESIGNS_PAGE_SIZE } from "@threadfolk/contract/studio-sales";
import type { AppContext } from "../../context.ts";
import type { ArtistActor } from "../../lib/authorize.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { presentDesignCard, presentPageMeta } from "../discovery/presenters.ts";
import { findDesignCardRows } from "../discovery/queries.ts";
import { grantUploadOwnerImage } from "../media/clean-image-grants.ts";
import { getMediaUrlSecret, signCleanUploadUrl } from "../media/media-urls.ts";
import { draftArtworkUploadId, presentMyDesign, presentMyDraft } from "./presenters.ts";
import { findDesignsByIds, findDraftsByIds, findMyDesignPage, findReadyUploads } from "./queries.ts";

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

/**
 * Drafts as My Designs entries, each with its artwork's preview (the owner's signed clean URL, as the upload
 * status gives it) once its upload is ready.
 */
async function presentDrafts({
  context,
  actor,
  drafts,
}: {
  context: Pick<AppContext, "db" | "config">;
  actor: ArtistActor;
  drafts: Awaited<ReturnType<typeof findDraftsByIds>>;
}): Promise<Map<string, MyDesign>> {
  const { db } = context;
  const uploadIds = [...new Set(drafts.flatMap((draft) => draftArtworkUploadId(draft) ?? []))];
  const ready = await findReadyUploads({ db, userId: actor.userId, uploadIds });
  const previews = new Map<string, string>();
  if (ready.length > 0) {
    const secret = await getMediaUrlSecret({ db, config: context.config });
    for (const upload of ready) {
      if (!upload.sourceKey) continue;
      previews.set(
        upload.id,
        signCleanUploadUrl({
          grant: grantUploadOwnerImage({ actor, upload }),
          key: upload.sourceKey,
          secret,
          version: String(upload.updatedAt.getTime()),
        }),
      );
    }
  }
  return new Map(
    drafts.map((draft) => {
      const uploadId = draftArtworkUploadId(draft);
      return [draft.id, presentMyDraft(draft, (uploadId && previews.get(uploadId)) || null)];
    }),
  );
}

/** One page of the artist's designs and drafts, newest first, filtered by status. */
export async function listMyDesigns({
  context,
  actor,
  filter,
  page,
}: {
  context: Pick<AppContext, "db" | "config">;
  actor: ArtistActor;
  filter: MyDesignsFilter;
  page: number;
}): Promise<MyDesignsResponse> {
  const { db } = context;
  const artistId = actor.artistId;
  const perPage = MY_DESIGNS_PAGE_SIZE;
  const { refs, totalCount } = await findMyDesignPage({ db, artistId, filter, page, perPage });
  const designIds = refs.filter((ref) => ref.kind === "design").map((ref) => ref.id);
  const draftIds = refs.filter((ref) => ref.kind === "draft").map((ref) => ref.id);
  const [designsById, drafts] = await Promise.all([
    presentMyDesigns({ context, designIds }),
    findDraftsByIds({ db, draftIds }),
  ]);
  const draftsById = await presentDrafts({ context, actor, drafts });
  const data = refs.flatMap((ref) => {
    const entry = ref.kind === "design" ? designsById.get(ref.id) : draftsById.get(ref.id);
    return entry ? [entry] : [];
  });
  return { data, meta: presentPageMeta({ totalCount, page, perPage }) };
}
