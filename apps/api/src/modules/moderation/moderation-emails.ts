import { MODERATION_REASON_LABELS, type ModerationReason } from "@threadfolk/contract/moderation";
import {
  type BrandConfig,
  type EmailMessage,
  escapeHtml,
  renderEmailButton,
  renderEmailFrame,
  renderTextFooter,
} from "../mail/templates.ts";

/** How many strikes suspend a storefront (the repeat-infringer rule the IP policy page states). */
export const STRIKES_TO_SUSPEND = 3;

type Paragraph = string;

function render(options: {
  config: BrandConfig;
  kind: string;
  to: string;
  subject: string;
  greetingName: string;
  paragraphs: Paragraph[];
  action: { label: string; url: string };
}): EmailMessage {
  const { config, to, subject, greetingName, paragraphs, action } = options;
  const text = [
    `Hi ${greetingName},`,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    `${action.label}: ${action.url}`,
    "",
    ...renderTextFooter(config),
  ].join("\n");
  const html = renderEmailFrame({
    config,
    contentHtml: [
      `<p>Hi ${escapeHtml(greetingName)},</p>`,
      ...paragraphs.map((paragraph) => `<p style="white-space:pre-line">${escapeHtml(paragraph)}</p>`),
      renderEmailButton(action.label, action.url),
    ].join("\n"),
  });
  return { kind: options.kind, to, subject, text, html };
}

/**
 * To the artist when an operator takes one of their designs down: which design, why (the operator's words),
 * whether it is a strike and how many stand, whether the storefront is now suspended, and how to answer
 * (the counter-notice of the IP policy).
 */
export function renderTakedownEmail(options: {
  config: BrandConfig;
  to: string;
  greetingName: string;
  designName: string;
  kind: ModerationReason;
  reason: string;
  strikes: number | null;
  storefrontSuspended: boolean;
}): EmailMessage {
  const { config, designName, kind, reason, strikes, storefrontSuspended } = options;
  const policyUrl = `${config.PUBLIC_URL}/intellectual-property-policy`;
  const paragraphs = [
    `We have taken down your design "${designName}". It is no longer shown or sold on ${config.BRAND_NAME}, and carts that held it show it as unavailable.`,
    `Reason: ${MODERATION_REASON_LABELS[kind]}.\n${reason}`,
  ];
  if (strikes !== null) {
    paragraphs.push(
      `This intellectual property takedown is a strike on your storefront. Strikes standing: ${strikes} of ${STRIKES_TO_SUSPEND}. At ${STRIKES_TO_SUSPEND} strikes a storefront is suspended.`,
    );
  }
  if (storefrontSuspended) {
    paragraphs.push(
      `Your storefront is now suspended: it and all of your designs are hidden from shoppers. You can still sign in, see your sales and be paid what you have earned.`,
    );
  }
  paragraphs.push(
    kind === "intellectual_property"
      ? `If you believe this is a mistake, you can send a counter-notice as our Intellectual Property Policy describes, or reply to ${config.SUPPORT_EMAIL}.`
      : `If you believe this is a mistake, write to ${config.SUPPORT_EMAIL}.`,
  );
  return render({
    config,
    kind: "design_takedown",
    to: options.to,
    subject: `Your design "${designName}" has been taken down`,
    greetingName: options.greetingName,
    paragraphs,
    action: { label: "Read the Intellectual Property Policy", url: policyUrl },
  });
}

/** To the artist when a design of theirs is restored (and, when it lifted the suspension, that too). */
export function renderDesignRestoredEmail(options: {
  config: BrandConfig;
  to: string;
  greetingName: string;
  designName: string;
  strikeLifted: boolean;
  storefrontRestored: boolean;
}): EmailMessage {
  const { config, designName } = options;
  const paragraphs = [`Good news: your design "${designName}" is restored and shown on ${config.BRAND_NAME} again.`];
  if (options.strikeLifted) paragraphs.push("The strike of its takedown has been removed from your storefront.");
  if (options.storefrontRestored) paragraphs.push("Your storefront is no longer suspended.");
  return render({
    config,
    kind: "design_restored",
    to: options.to,
    subject: `Your design "${designName}" is back`,
    greetingName: options.greetingName,
    paragraphs,
    action: { label: `Visit ${config.BRAND_NAME}`, url: config.PUBLIC_URL },
  });
}
