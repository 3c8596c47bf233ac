import type { ErrorDetail } from "@threadfolk/contract/errors";
import {
  DESIGN_DETAIL_MESSAGES,
  type DesignDraftData,
  type DesignerStep,
  designDetailsSchema,
  designDraftDataSchema,
} from "@threadfolk/contract/studio";
import type { DesignDraft } from "@threadfolk/contract/studio-designs";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { designDrafts } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { type ArtistActor, authorize } from "../../lib/authorize.ts";
import { grantUploadOwnerImage } from "../media/clean-image-grants.ts";
import { getMediaUrlSecret, signCleanUploadUrl } from "../media/media-urls.ts";
import { loadReadyUpload } from "../uploads/ready-upload.ts";
import { checkDesignParts, loadGarmentStyles, STUDIO_MESSAGES } from "./design-parts.ts";
import { studioPolicies } from "./policies.ts";

export type DraftRow = typeof designDrafts.$inferSelect;

export const DRAFT_FIELD_PREFIX = "design_draft.data.";

/** The stored data, read back through the contract's schema (anything that no longer parses is dropped). */
export function readDraftData(value: unknown): DesignDraftData {
  const parsed = designDraftDataSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const kept: Record<string, unknown> = {};
  for (const [key, part] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    const single = designDraftDataSchema.safeParse({ [key]: part });
    if (single.success) Object.assign(kept, single.data);
  }
  return kept as DesignDraftData;
}

/** A draft as the studio sees it, with its artwork's checks and a short-lived preview when the upload is ready. */
export async function presentDraft(
  context: Pick<AppContext, "db" | "config">,
  actor: ArtistActor,
  draft: DraftRow,
): Promise<DesignDraft> {
  const data = readDraftData(draft.data);
  let artwork: DesignDraft["attributes"]["artwork"] = null;
  if (data.artworkUploadId) {
    const upload = await loadReadyUpload(context.db, {
      userId: actor.userId,
      uploadId: data.artworkUploadId,
      purpose: "artwork",
      field: `${DRAFT_FIELD_PREFIX}artwork_upload_id`,
    }).catch(() => undefined);
    if (upload) {
      const secret = await getMediaUrlSecret({ db: context.db, config: context.config });
      artwork = {
        uploadId: upload.id,
        width: upload.width,
        height: upload.height,
        hasTransparency: upload.hasTransparency,
        opaqueBackground: upload.opaqueBackground,
        // The owner's clean preview (decision 036): loadReadyUpload found it among the caller's uploads.
        previewUrl: signCleanUploadUrl({
          grant: grantUploadOwnerImage({ actor, upload: { id: upload.id, userId: actor.userId } }),
          key: upload.sourceKey,
          secret,
        }),
      };
    }
  }
  return {
    id: draft.id,
    type: "designDraft",
    attributes: {
      step: draft.step as DesignerStep,
      data,
      updatedAt: draft.updatedAt.toISOString(),
      createdAt: draft.createdAt.toISOString(),
      artwork,
    },
  };
}

/** One draft by id, whoever owns it (the caller authorises); undefined for a malformed or unknown id. */
export async function findDraft(db: Database, draftId: string): Promise<DraftRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(draftId)) return undefined;
  const [row] = await db.select().from(designDrafts).where(eq(designDrafts.id, draftId.toLowerCase())).limit(1);
  return row;
}

/** The caller's unpublished drafts, newest first. */
export async function listDrafts(db: Database, actor: ArtistActor): Promise<DraftRow[]> {
  return db
    .select()
    .from(designDrafts)
    .where(and(eq(designDrafts.sellerProfileId, actor.artistId), isNull(designDrafts.publishedDesignId)))
    .orderBy(desc(designDrafts.updatedAt), desc(designDrafts.createdAt))
    .limit(200);
}

export async function createDraft(options: {
  db: Database;
  actor: ArtistActor;
  input: { step: DesignerStep; data: DesignDraftData };
}): Promise<DraftRow> {
  const { db, actor, input } = options;
  const styles = await loadGarmentStyles(db);
  const { data } = await checkDesignParts({ db, actor, data: input.data, styles, prefix: DRAFT_FIELD_PREFIX });
  const [row] = await db
    .insert(designDrafts)
    .values({ sellerProfileId: actor.artistId, step: input.step, data })
    .returning();
  if (!row) throw new Error("draft insert returned nothing");
  return row;
}

/** Saves a step: the parts sent replace those stored, the others stay (a published draft is history: 409). */
export async function saveDraft(options: {
  db: Database;
  actor: ArtistActor;
  draftId: string;
  input: { step: DesignerStep; data: DesignDraftData };
}): Promise<DraftRow> {
  const { db, actor, draftId, input } = options;
  const draft = await findDraft(db, draftId);
  authorize(actor, studioPolicies.saveDraft, draft);
  if (draft.publishedDesignId) throw AppError.conflict(STUDIO_MESSAGES.alreadyPublished);
  const merged: DesignDraftData = { ...readDraftData(draft.data), ...input.data };
  const styles = await loadGarmentStyles(db);
  const { data } = await checkDesignParts({ db, actor, data: merged, styles, prefix: DRAFT_FIELD_PREFIX });
  const [row] = await db
    .update(designDrafts)
    .set({ step: input.step, data, updatedAt: sql`now()` })
    .where(eq(designDrafts.id, draft.id))
    .returning();
  if (!row) throw AppError.notFound("Draft");
  return row;
}

export async function deleteDraft(options: { db: Database; actor: ArtistActor; draftId: string }): Promise<void> {
  const { db, actor, draftId } = options;
  const draft = await findDraft(db, draftId);
  authorize(actor, studioPolicies.deleteDraft, draft);
  await db.delete(designDrafts).where(eq(designDrafts.id, draft.id));
}

/** The 422 details of the title, description and tags, as `designDetailsSchema` words them. */
export function detailProblems(
  details: { title?: string; description?: string; tags?: string[] },
  prefix: string,
): { problems: ErrorDetail[]; parsed?: { title: string; description: string; tags: string[] } } {
  const result = designDetailsSchema.safeParse({
    title: details.title ?? "",
    description: details.description ?? "",
    tags: details.tags ?? [],
  });
  if (result.success) return { problems: [], parsed: result.data };
  return {
    problems: result.error.issues.map((issue) => {
      const [first, index] = issue.path;
      const field = typeof index === "number" ? `${String(first)}.${index}` : String(first ?? "title");
      const message =
        issue.path[0] === "title" && details.title === undefined ? DESIGN_DETAIL_MESSAGES.titleTooShort : issue.message;
      return { field: `${prefix}${field}`, message };
    }),
  };
}
