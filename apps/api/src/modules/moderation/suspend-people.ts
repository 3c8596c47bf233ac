import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { revokeUserSessions } from "../auth/sessions.ts";
import type { ModerationActor } from "./audit.ts";
import { countStandingStrikes, lockStorefront, updateStorefrontSuspension } from "./queries.ts";

/**
 * Suspends a customer's account (issue 28): it can no longer sign in, and every session it has is revoked at
 * once, so nothing it holds (a cart, a checkout) goes on. The same `disabled_at` the sign-in, the refresh and the
 * access-token lookup already refuse. An artist's storefront is suspended apart (`suspendStorefront`).
 */
export async function suspendAccount({
  context,
  actor,
  userId,
  reason,
}: {
  context: Pick<AppContext, "db">;
  actor: ModerationActor;
  userId: string;
  reason: string;
}): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: users.id, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!locked) throw AppError.notFound("Person");
    if (locked.disabledAt) throw AppError.conflict("This account is already suspended");
    await tx
      .update(users)
      .set({ disabledAt: sql`now()`, suspensionReason: reason, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await revokeUserSessions({ db: tx, userId, reason: "suspended" });
    await actor.record(tx, {
      action: "account.suspend",
      subjectType: "user",
      subjectId: userId,
      before: { suspended: false },
      after: { suspended: true },
      reason,
    });
  });
}

/** Lifts an account's suspension: the customer can sign in again (their old sessions stay revoked). */
export async function restoreAccount({
  context,
  actor,
  userId,
  reason,
}: {
  context: Pick<AppContext, "db">;
  actor: ModerationActor;
  userId: string;
  reason: string;
}): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: users.id, disabledAt: users.disabledAt, suspensionReason: users.suspensionReason })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!locked) throw AppError.notFound("Person");
    if (!locked.disabledAt) throw AppError.conflict("This account is not suspended");
    await tx
      .update(users)
      .set({ disabledAt: null, suspensionReason: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await actor.record(tx, {
      action: "account.restore",
      subjectType: "user",
      subjectId: userId,
      before: { suspended: true, suspensionReason: locked.suspensionReason },
      after: { suspended: false },
      reason,
    });
  });
}

/**
 * Suspends an artist's storefront by an operator's decision: its page and all its designs leave the shop (the
 * listing rule reads the suspension); the artist still signs in, sees Sales and is paid, under a banner. A
 * storefront the strikes already suspended becomes the operator's suspension (only an operator lifts it then).
 */
export async function suspendStorefront({
  context,
  actor,
  sellerProfileId,
  reason,
}: {
  context: Pick<AppContext, "db">;
  actor: ModerationActor;
  sellerProfileId: string;
  reason: string;
}): Promise<void> {
  await context.db.transaction(async (tx) => {
    const storefront = await lockStorefront(tx, sellerProfileId);
    if (!storefront) throw AppError.notFound("Storefront");
    if (storefront.suspensionCause === "operator") throw AppError.conflict("This storefront is already suspended");
    await updateStorefrontSuspension(tx, storefront.id, { cause: "operator", reason });
    await actor.record(tx, {
      action: "storefront.suspend",
      subjectType: "storefront",
      subjectId: storefront.id,
      before: { suspended: storefront.suspendedAt !== null, cause: storefront.suspensionCause },
      after: { suspended: true, cause: "operator" },
      reason,
    });
  });
  bumpCatalogueGeneration();
}

/**
 * Lifts a storefront's suspension, whatever caused it: an operator may restore a storefront the strikes
 * suspended (a counter-notice upheld); its strikes stay on record, and the next standing IP strike suspends it
 * again.
 */
export async function restoreStorefront({
  context,
  actor,
  sellerProfileId,
  reason,
}: {
  context: Pick<AppContext, "db">;
  actor: ModerationActor;
  sellerProfileId: string;
  reason: string;
}): Promise<void> {
  await context.db.transaction(async (tx) => {
    const storefront = await lockStorefront(tx, sellerProfileId);
    if (!storefront) throw AppError.notFound("Storefront");
    if (!storefront.suspendedAt) throw AppError.conflict("This storefront is not suspended");
    const strikes = await countStandingStrikes(tx, storefront.id);
    await updateStorefrontSuspension(tx, storefront.id, null);
    await actor.record(tx, {
      action: "storefront.restore",
      subjectType: "storefront",
      subjectId: storefront.id,
      before: { suspended: true, cause: storefront.suspensionCause, suspensionReason: storefront.suspensionReason },
      after: { suspended: false, strikes },
      reason,
    });
  });
  bumpCatalogueGeneration();
}
