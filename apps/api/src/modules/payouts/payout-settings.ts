import {
  PAYOUT_EMAIL_CHANGE_HOLD_DAYS,
  PAYOUT_EMAIL_LINK_HOURS,
  PAYOUT_MESSAGES,
  PAYOUT_MINIMUM_DEFAULT_CENTS,
} from "@threadfolk/contract/studio-payouts";
import { eq, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { payoutSettings, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { generateToken, hashToken } from "../auth/token-crypto.ts";
import { enqueueEmail } from "../mail/send-email.ts";
import { findArtistContact, renderPayPalEmailChangeNotice, renderPayPalEmailConfirmation } from "./payout-emails.ts";

/**
 * An artist's payout settings (issue 29, deliverable 1; decision 073). A PayPal e-mail is used only once the link
 * sent to it was opened; asking for one needs the artist's password. Replacing a confirmed address tells the old
 * address at once and, once the new one is confirmed, holds payouts for PAYOUT_EMAIL_CHANGE_HOLD_DAYS: someone
 * who took over the account cannot redirect the next payout unnoticed.
 */

export type PayoutSettingsRow = typeof payoutSettings.$inferSelect;

const DEFAULTS = {
  paypalEmail: null,
  paypalEmailConfirmedAt: null,
  pendingPaypalEmail: null,
  pendingTokenHash: null,
  pendingTokenExpiresAt: null,
  minimumPayoutCents: PAYOUT_MINIMUM_DEFAULT_CENTS,
  heldUntil: null,
  operatorHoldReason: null,
  operatorHeldAt: null,
} as const;

/** The artist's settings, or the defaults when they never set any. */
export async function getPayoutSettings(options: {
  db: Pick<Database, "select">;
  sellerProfileId: string;
}): Promise<PayoutSettingsRow> {
  const [row] = await options.db
    .select()
    .from(payoutSettings)
    .where(eq(payoutSettings.sellerProfileId, options.sellerProfileId));
  return row ?? { sellerProfileId: options.sellerProfileId, ...DEFAULTS, updatedAt: new Date(0) };
}

/** Where the confirmation link leads: the web app's page that posts the token. */
export function payPalEmailConfirmationUrl(config: Pick<Config, "PUBLIC_URL">, token: string): string {
  return `${config.PUBLIC_URL}/confirm-payout-email/${encodeURIComponent(token)}`;
}

/**
 * Asks for payouts to go to `paypalEmail`: checks the password (422 on `payout_settings.current_password`),
 * keeps the address as pending with a new link (an earlier link stops working), e-mails the link to it and,
 * when a confirmed address is being replaced, a notice to the old one.
 */
export async function requestPayPalEmailChange(options: {
  db: Database;
  config: Config;
  userId: string;
  sellerProfileId: string;
  paypalEmail: string;
  currentPassword: string;
}): Promise<PayoutSettingsRow> {
  const { db, config, sellerProfileId } = options;
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, options.userId));
  if (!user || !(await verifyPassword(user.passwordHash, options.currentPassword))) {
    throw new AppError("validation_failed", PAYOUT_MESSAGES.wrongPassword, [
      { field: "payout_settings.current_password", message: PAYOUT_MESSAGES.wrongPassword },
    ]);
  }
  const email = options.paypalEmail.trim();
  const token = generateToken();
  const expiresAt = new Date(Date.now() + PAYOUT_EMAIL_LINK_HOURS * 3_600_000);
  const contact = await findArtistContact(db, sellerProfileId);
  const greeting = contact?.greeting ?? "there";
  return db.transaction(async (tx) => {
    const current = await getPayoutSettings({ db: tx, sellerProfileId });
    const pending = { pendingPaypalEmail: email, pendingTokenHash: hashToken(token), pendingTokenExpiresAt: expiresAt };
    const [row] = await tx
      .insert(payoutSettings)
      .values({ sellerProfileId, ...pending })
      .onConflictDoUpdate({ target: payoutSettings.sellerProfileId, set: { ...pending, updatedAt: sql`now()` } })
      .returning();
    await enqueueEmail({
      db: tx,
      message: renderPayPalEmailConfirmation({
        config,
        to: email,
        greeting,
        url: payPalEmailConfirmationUrl(config, token),
      }),
    });
    if (current.paypalEmail && current.paypalEmail.toLowerCase() !== email.toLowerCase()) {
      await enqueueEmail({
        db: tx,
        message: renderPayPalEmailChangeNotice({
          config,
          to: current.paypalEmail,
          greeting,
          newEmail: email,
          holdDays: PAYOUT_EMAIL_CHANGE_HOLD_DAYS,
        }),
      });
    }
    if (!row) throw new Error("requestPayPalEmailChange: nothing was written");
    return row;
  });
}

/**
 * Confirms the pending PayPal e-mail whose link carries `token` (one use; 422 when invalid or expired). A change
 * of a confirmed address holds payouts for PAYOUT_EMAIL_CHANGE_HOLD_DAYS from now.
 */
export async function confirmPayPalEmail(options: { db: Database; token: string }): Promise<PayoutSettingsRow> {
  const tokenHash = hashToken(options.token);
  const [row] = await options.db
    .update(payoutSettings)
    .set({
      paypalEmail: payoutSettings.pendingPaypalEmail,
      paypalEmailConfirmedAt: sql`now()`,
      heldUntil: sql`case when ${payoutSettings.paypalEmail} is not null
        and lower(${payoutSettings.paypalEmail}) <> lower(${payoutSettings.pendingPaypalEmail})
        then now() + make_interval(days => ${PAYOUT_EMAIL_CHANGE_HOLD_DAYS}) else ${payoutSettings.heldUntil} end`,
      pendingPaypalEmail: null,
      pendingTokenHash: null,
      pendingTokenExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      sql`${payoutSettings.pendingTokenHash} = ${tokenHash} and ${payoutSettings.pendingTokenExpiresAt} > now()
        and ${payoutSettings.pendingPaypalEmail} is not null`,
    )
    .returning();
  if (!row) {
    throw new AppError("validation_failed", PAYOUT_MESSAGES.invalidLink, [
      { field: "token", message: PAYOUT_MESSAGES.invalidLink },
    ]);
  }
  return row;
}

/** Sets the minimum payout (the contract checks the range; the database does too). */
export async function updateMinimumPayout(options: {
  db: Database;
  sellerProfileId: string;
  minimumPayoutCents: number;
}): Promise<PayoutSettingsRow> {
  const { db, sellerProfileId, minimumPayoutCents } = options;
  const [row] = await db
    .insert(payoutSettings)
    .values({ sellerProfileId, minimumPayoutCents })
    .onConflictDoUpdate({
      target: payoutSettings.sellerProfileId,
      set: { minimumPayoutCents, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error("updateMinimumPayout: nothing was written");
  return row;
}
