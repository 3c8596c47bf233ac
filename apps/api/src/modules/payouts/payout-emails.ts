import { formatCents } from "@threadfolk/contract/money";
import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { sellerProfiles, users } from "../../db/schema/index.ts";
import type { JobExecutor } from "../../jobs/enqueue-job.ts";
import { enqueueEmail } from "../mail/send-email.ts";
import {
  type BrandConfig,
  type EmailMessage,
  escapeHtml,
  renderEmailButton,
  renderEmailFrame,
  renderTextFooter,
} from "../mail/templates.ts";
import { payoutReasonText } from "./payout-reasons.ts";

/**
 * The payout e-mails (issue 29): a payout sent or come back (to the artist's account e-mail), the PayPal e-mail
 * confirmation link (to the new address) and the notice of a change (to the old address).
 */

type Paragraphs = { to: string; subject: string; kind: string; greeting: string; lines: string[] };

function render(config: BrandConfig, body: Paragraphs, action?: { label: string; url: string }): EmailMessage {
  const text = [
    `Hi ${body.greeting},`,
    "",
    ...body.lines.flatMap((line) => [line, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...renderTextFooter(config),
  ].join("\n");
  const html = renderEmailFrame({
    config,
    contentHtml: [
      `<p>Hi ${escapeHtml(body.greeting)},</p>`,
      ...body.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      action ? renderEmailButton(action.label, action.url) : "",
      action
        ? `<p style="font-size:14px;color:#52525b">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
        : "",
    ].join("\n"),
  });
  return { kind: body.kind, to: body.to, subject: body.subject, text, html };
}

/** The artist's account e-mail and the name to greet them by. */
export async function findArtistContact(db: Pick<Database, "select">, sellerProfileId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, displayName: sellerProfiles.displayName })
    .from(sellerProfiles)
    .innerJoin(users, eq(users.id, sellerProfiles.userId))
    .where(eq(sellerProfiles.id, sellerProfileId));
  return row ? { email: row.email, greeting: row.firstName || row.displayName } : undefined;
}

const salesUrl = (config: BrandConfig) => `${config.PUBLIC_URL}${CLIENT_ROUTES.sellerOrders}`;

/** 'Your payout is on its way' or 'Your payout came back', once per item and outcome. */
export async function enqueuePayoutOutcomeEmail(options: {
  db: JobExecutor & Pick<Database, "select">;
  config: Config;
  item: { id: string; sellerProfileId: string; amountCents: number; receiverEmail: string };
  outcome: "sent" | "returned";
  reason?: string | null;
}): Promise<void> {
  const { db, config, item, outcome } = options;
  const contact = await findArtistContact(db, item.sellerProfileId);
  if (!contact) return;
  const amount = formatCents(item.amountCents);
  const message =
    outcome === "sent"
      ? render(
          config,
          {
            to: contact.email,
            kind: "payout_sent",
            subject: `Your payout of ${amount} has been sent`,
            greeting: contact.greeting,
            lines: [
              `We sent ${amount} of your royalties to your PayPal account ${item.receiverEmail}.`,
              "The sales it pays for and its statement are on your Sales page.",
            ],
          },
          { label: "View your payouts", url: salesUrl(config) },
        )
      : render(
          config,
          {
            to: contact.email,
            kind: "payout_returned",
            subject: `Your payout of ${amount} came back`,
            greeting: contact.greeting,
            lines: [
              `Your payout of ${amount} to ${item.receiverEmail} could not be completed: ${payoutReasonText(options.reason ?? null)}`,
              "The money is back in your available balance and will be paid in the next payout run. Check your PayPal e-mail in your payout settings.",
            ],
          },
          { label: "Check your payout settings", url: salesUrl(config) },
        );
  await enqueueEmail({ db, message, dedupeKey: `payout_${outcome}:${item.id}` });
}

/** The link that confirms a PayPal e-mail, sent to that address. */
export function renderPayPalEmailConfirmation(options: {
  config: Config;
  to: string;
  greeting: string;
  url: string;
}): EmailMessage {
  return render(
    options.config,
    {
      to: options.to,
      kind: "payout_email_confirmation",
      subject: `Confirm your PayPal e-mail for ${options.config.BRAND_NAME} payouts`,
      greeting: options.greeting,
      lines: [
        `Confirm that ${options.to} is the PayPal account your ${options.config.BRAND_NAME} royalties should be paid to.`,
        "If you did not ask for this, ignore this e-mail: nothing changes until the link is opened.",
      ],
    },
    { label: "Confirm PayPal e-mail", url: options.url },
  );
}

/** The notice to the old address that payouts are moving elsewhere (an account-takeover guard). */
export function renderPayPalEmailChangeNotice(options: {
  config: Config;
  to: string;
  greeting: string;
  newEmail: string;
  holdDays: number;
}): EmailMessage {
  return render(options.config, {
    to: options.to,
    kind: "payout_email_change_notice",
    subject: `Your ${options.config.BRAND_NAME} payout e-mail is being changed`,
    greeting: options.greeting,
    lines: [
      `Someone signed in to your ${options.config.BRAND_NAME} studio asked for your payouts to go to ${options.newEmail} instead of this address.`,
      `Once the new address is confirmed, payouts are held for ${options.holdDays} days.`,
      `If this was not you, write to ${options.config.SUPPORT_EMAIL} at once and change your password.`,
    ],
  });
}
