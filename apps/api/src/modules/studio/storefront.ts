import { STOREFRONT_MESSAGES } from "@threadfolk/contract/studio";
import { type SellerProfile, storefrontPath } from "@threadfolk/contract/studio-profile";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { sellerProfiles } from "../../db/schema/index.ts";
import { announceAccessChange } from "../../lib/access-changes.ts";
import { AppError } from "../../lib/app-error.ts";
import type { UserActor } from "../../lib/authorize.ts";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { violatedUniqueIndex } from "../../lib/database-errors.ts";
import { IMAGE_PRESETS, imageRenditionKey } from "../media/media-keys.ts";
import { getMediaUrlSecret, signMediaUrl } from "../media/media-urls.ts";
import { countStandingStrikes } from "../moderation/queries.ts";
import { loadReadyUpload } from "../uploads/ready-upload.ts";

type Profile = typeof sellerProfiles.$inferSelect;
type StorefrontPicture = "avatar" | "banner";

const FIELDS = {
  username: "seller_profile.unique_username",
  avatar: "seller_profile.avatar_upload_id",
  banner: "seller_profile.banner_upload_id",
} as const;

/** The width each picture is presented at (the studio's preview); the storefront signs its own srcset. */
const PRESENTED_WIDTH: Record<StorefrontPicture, number> = { avatar: 256, banner: 1280 };

/** The picture's source key (media-keys.ts conventions): renditions are cropped and resized from it lazily. */
export function storefrontPictureKey(sellerProfileId: string, picture: StorefrontPicture): string {
  return `artists/${sellerProfileId}/${picture}.png`;
}

export async function findStorefrontOfUser(db: Database, userId: string): Promise<Profile | undefined> {
  const [row] = await db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, userId)).limit(1);
  return row;
}

export async function presentSellerProfile(
  context: Pick<AppContext, "db" | "config">,
  profile: Profile,
): Promise<{ data: SellerProfile }> {
  const [secret, strikes] = await Promise.all([
    getMediaUrlSecret({ db: context.db, config: context.config }),
    countStandingStrikes(context.db, profile.id),
  ]);
  // The same `v` as the storefront's URLs (none for the first version).
  const version = profile.imagesVersion > 1 ? String(profile.imagesVersion) : undefined;
  const picture = (kind: StorefrontPicture, key: string | null) =>
    key ? signMediaUrl({ key: imageRenditionKey(kind, profile.id, PRESENTED_WIDTH[kind]), secret, version }) : null;
  return {
    data: {
      id: profile.id,
      type: "sellerProfile",
      attributes: {
        displayName: profile.displayName,
        uniqueUsername: profile.uniqueUsername,
        bio: profile.bio,
        avatarUrl: picture("avatar", profile.avatarKey),
        bannerUrl: picture("banner", profile.bannerKey),
        termsAcceptedAt: profile.termsAcceptedAt?.toISOString() ?? null,
        storefrontPath: storefrontPath(profile.uniqueUsername, profile.id),
        suspension:
          profile.suspendedAt && profile.suspensionCause
            ? {
                since: profile.suspendedAt.toISOString(),
                cause: profile.suspensionCause,
                reason: profile.suspensionReason,
              }
            : null,
        strikes,
      },
    },
  };
}

/**
 * The contract accepts a leading `_` or `-`; the table's check (a letter or digit first) does not. Refused
 * here with the format message, never as a database error.
 */
function checkUsername(username: string | undefined): void {
  if (username !== undefined && !/^[a-z0-9]/.test(username)) {
    throw new AppError("validation_failed", STOREFRONT_MESSAGES.usernameFormat, [
      { field: FIELDS.username, message: STOREFRONT_MESSAGES.usernameFormat },
    ]);
  }
}

/** The unique indexes' answers: a second storefront (409), a username someone else has (422). */
function explainUniqueViolation(error: unknown): never {
  const index = violatedUniqueIndex(error);
  if (index === "seller_profiles_user_id_key") throw AppError.conflict(STOREFRONT_MESSAGES.alreadyOpen);
  if (index === "seller_profiles_unique_username_key") {
    throw new AppError("validation_failed", STOREFRONT_MESSAGES.usernameTaken, [
      { field: FIELDS.username, message: STOREFRONT_MESSAGES.usernameTaken },
    ]);
  }
  throw error;
}

/** Deletes the stored renditions of a picture, so the next request resizes them from the new source. */
async function forgetRenditions(context: Pick<AppContext, "storage">, id: string, picture: StorefrontPicture) {
  await Promise.all(
    IMAGE_PRESETS[picture].widths.map((width) => context.storage.delete(imageRenditionKey(picture, id, width))),
  );
}

/**
 * Puts a picture in place from a ready upload (`uploadId`), or removes it (`null`); `undefined` leaves it.
 * The normalised PNG is copied to the storefront's key and the old renditions are deleted before the row
 * changes (the caller bumps `images_version`, so the signed URLs change too). Returns the new key (or null).
 */
async function placePicture(options: {
  context: Pick<AppContext, "db" | "storage">;
  actor: UserActor;
  sellerProfileId: string;
  picture: StorefrontPicture;
  uploadId: string | null | undefined;
}): Promise<string | null | undefined> {
  const { context, actor, sellerProfileId, picture, uploadId } = options;
  if (uploadId === undefined) return undefined;
  const key = storefrontPictureKey(sellerProfileId, picture);
  if (uploadId === null) {
    await forgetRenditions(context, sellerProfileId, picture);
    return null;
  }
  const upload = await loadReadyUpload(context.db, {
    userId: actor.userId,
    uploadId,
    purpose: picture,
    field: FIELDS[picture],
  });
  const source = await context.storage.get(upload.sourceKey);
  if (!source) throw AppError.notFound("Upload");
  await context.storage.put(key, source.body, "image/png");
  await forgetRenditions(context, sellerProfileId, picture);
  return key;
}

export type OpenStorefrontInput = {
  displayName: string;
  uniqueUsername: string;
  bio: string;
  avatarUploadId?: string | null;
  bannerUploadId?: string | null;
};

/** Opens the caller's storefront (at most one): they are an artist from their next request on. */
export async function openStorefront(options: {
  context: Pick<AppContext, "db" | "storage">;
  actor: UserActor;
  input: OpenStorefrontInput;
}): Promise<Profile> {
  const { context, actor, input } = options;
  checkUsername(input.uniqueUsername);
  if (await findStorefrontOfUser(context.db, actor.userId)) throw AppError.conflict(STOREFRONT_MESSAGES.alreadyOpen);
  // The pictures are stored under the new profile's id before its row exists: a row never names a missing file.
  const id = crypto.randomUUID();
  const avatarKey = await placePicture({
    context,
    actor,
    sellerProfileId: id,
    picture: "avatar",
    uploadId: input.avatarUploadId,
  });
  const bannerKey = await placePicture({
    context,
    actor,
    sellerProfileId: id,
    picture: "banner",
    uploadId: input.bannerUploadId,
  });
  try {
    const [row] = await context.db
      .insert(sellerProfiles)
      .values({
        id,
        userId: actor.userId,
        uniqueUsername: input.uniqueUsername,
        displayName: input.displayName,
        bio: input.bio,
        avatarKey: avatarKey ?? null,
        bannerKey: bannerKey ?? null,
        termsAcceptedAt: sql`now()`,
      })
      .returning();
    if (!row) throw new Error("seller profile insert returned nothing");
    // The caller is an artist from the next request on: no instance may keep answering it as a customer.
    await announceAccessChange(context.db);
    return row;
  } catch (error) {
    explainUniqueViolation(error);
  }
}

/** Changes the caller's storefront; 404 when they have none. */
export async function updateStorefront(options: {
  context: Pick<AppContext, "db" | "storage">;
  actor: UserActor;
  input: Partial<OpenStorefrontInput>;
}): Promise<Profile> {
  const { context, actor, input } = options;
  checkUsername(input.uniqueUsername);
  const profile = await findStorefrontOfUser(context.db, actor.userId);
  if (!profile) throw AppError.notFound("Storefront");
  const avatarKey = await placePicture({
    context,
    actor,
    sellerProfileId: profile.id,
    picture: "avatar",
    uploadId: input.avatarUploadId,
  });
  const bannerKey = await placePicture({
    context,
    actor,
    sellerProfileId: profile.id,
    picture: "banner",
    uploadId: input.bannerUploadId,
  });
  const picturesChanged = avatarKey !== undefined || bannerKey !== undefined;
  try {
    const [row] = await context.db
      .update(sellerProfiles)
      .set({
        ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
        ...(input.uniqueUsername !== undefined ? { uniqueUsername: input.uniqueUsername } : {}),
        ...(input.bio !== undefined ? { bio: input.bio } : {}),
        ...(avatarKey !== undefined ? { avatarKey } : {}),
        ...(bannerKey !== undefined ? { bannerKey } : {}),
        ...(picturesChanged ? { imagesVersion: sql`${sellerProfiles.imagesVersion} + 1` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(sellerProfiles.id, profile.id))
      .returning();
    if (!row) throw AppError.notFound("Storefront");
    // Cards show the artist's name, search finds designs by it and design pages show the avatar: cached pages let
    // go (decisions 047, 049).
    if (input.displayName !== undefined || input.uniqueUsername !== undefined || picturesChanged)
      bumpCatalogueGeneration();
    // A removed picture's source goes once the row no longer names it.
    if (avatarKey === null) await context.storage.delete(storefrontPictureKey(profile.id, "avatar"));
    if (bannerKey === null) await context.storage.delete(storefrontPictureKey(profile.id, "banner"));
    return row;
  } catch (error) {
    explainUniqueViolation(error);
  }
}
