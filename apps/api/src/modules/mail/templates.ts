import type { Config } from "../../config.ts";

/** What every e-mail's frame names: the brand, the site and where to ask. */
export type BrandConfig = Pick<Config, "BRAND_NAME" | "PUBLIC_URL" | "SUPPORT_EMAIL">;

/** A rendered e-mail, ready to queue (`enqueueEmail`). */
export type EmailMessage = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The order the e-mail is about, if any (listed on the operators' order page). */
  orderId?: string;
};

/** `value` safe inside HTML text and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

type Layout = {
  config: Config;
  to: string;
  greetingName: string;
  intro: string;
  action: string;
  url: string;
  outro: string;
};

/** One branded layout for every transactional e-mail: a heading, a button with the link, and the link as text. */
function renderLayout({ config, greetingName, intro, action, url, outro }: Layout): { text: string; html: string } {
  const text = [
    `Hi ${greetingName},`,
    "",
    intro,
    "",
    `${action}: ${url}`,
    "",
    outro,
    "",
    ...renderTextFooter(config),
  ].join("\n");
  const html = renderEmailFrame({
    config,
    contentHtml: `<p>Hi ${escapeHtml(greetingName)},</p>
<p>${escapeHtml(intro)}</p>
${renderEmailButton(action, url)}
<p style="font-size:14px;color:#52525b">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>${escapeHtml(outro)}</p>`,
  });
  return { text, html };
}

/** The call to action of an e-mail: one dark button linking to `url`. */
export function renderEmailButton(label: string, url: string): string {
  return `<p style="text-align:center;padding:16px 0"><a href="${escapeHtml(url)}" style="background:#18181b;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;display:inline-block">${escapeHtml(label)}</a></p>`;
}

/** The closing lines of every e-mail's plain text: where to ask, the brand and the site. */
export function renderTextFooter(config: BrandConfig): string[] {
  return [`Questions? Write to ${config.SUPPORT_EMAIL}.`, "", config.BRAND_NAME, config.PUBLIC_URL];
}

/**
 * The branded frame of every e-mail's HTML: the brand heading, `contentHtml` (already escaped by the caller),
 * and the support footer. Inline styles and tables: what mail clients render alike.
 */
export function renderEmailFrame({ config, contentHtml }: { config: BrandConfig; contentHtml: string }): string {
  const brand = config.BRAND_NAME;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(brand)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 8px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:24px">
<tr><td style="font-size:22px;font-weight:bold;padding-bottom:24px">${escapeHtml(brand)}</td></tr>
<tr><td style="font-size:16px;line-height:24px">
${contentHtml}
</td></tr>
<tr><td style="font-size:12px;color:#71717a;padding-top:24px">Questions? Write to <a href="mailto:${escapeHtml(config.SUPPORT_EMAIL)}">${escapeHtml(config.SUPPORT_EMAIL)}</a>.<br>${escapeHtml(brand)} &middot; <a href="${escapeHtml(config.PUBLIC_URL)}">${escapeHtml(config.PUBLIC_URL)}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The e-mail with the `/confirm-email/{token}` link sent after sign-up. */
export function renderConfirmationEmail(options: {
  config: Config;
  to: string;
  firstName: string;
  token: string;
}): EmailMessage {
  const { config, to, firstName, token } = options;
  const url = `${config.PUBLIC_URL}/confirm-email/${encodeURIComponent(token)}`;
  const hours = config.EMAIL_CONFIRMATION_TTL_HOURS;
  return {
    kind: "email_confirmation",
    to,
    subject: `Confirm your email address for ${config.BRAND_NAME}`,
    ...renderLayout({
      config,
      to,
      greetingName: firstName,
      intro: `Welcome to ${config.BRAND_NAME}! Please confirm your email address to finish creating your account.`,
      action: "Confirm email address",
      url,
      outro: `This link works once and expires in ${hours} hours. If you did not create an account, you can ignore this email.`,
    }),
  };
}

/** The e-mail with the `/reset-password/{token}` link sent by forgot-password. */
export function renderPasswordResetEmail(options: {
  config: Config;
  to: string;
  firstName: string;
  token: string;
}): EmailMessage {
  const { config, to, firstName, token } = options;
  const url = `${config.PUBLIC_URL}/reset-password/${encodeURIComponent(token)}`;
  const minutes = config.PASSWORD_RESET_TTL_MINUTES;
  return {
    kind: "password_reset",
    to,
    subject: `Reset your ${config.BRAND_NAME} password`,
    ...renderLayout({
      config,
      to,
      greetingName: firstName,
      intro: `Someone asked to reset the password of your ${config.BRAND_NAME} account.`,
      action: "Choose a new password",
      url,
      outro: `This link works once and expires in ${minutes} minutes. If you did not ask for a reset, you can ignore this email; your password stays the same.`,
    }),
  };
}

/**
 * The e-mail to the owner of an address someone tried to sign up with again (issue 25): sign-up answers the
 * same whether or not an address has an account, so only the owner learns of the attempt, here.
 */
export function renderSignUpAttemptEmail(options: { config: Config; to: string; firstName: string }): EmailMessage {
  const { config, to, firstName } = options;
  return {
    kind: "sign_up_attempt",
    to,
    subject: `Someone tried to create a ${config.BRAND_NAME} account with your email`,
    ...renderLayout({
      config,
      to,
      greetingName: firstName,
      intro: `Someone just tried to create a new ${config.BRAND_NAME} account with this email address. You already have an account with it, so no new account was made and nothing about yours changed.`,
      action: `Sign in to ${config.BRAND_NAME}`,
      url: config.PUBLIC_URL,
      outro:
        "If it was you, sign in with your email and password; if you forgot your password, choose 'Forgot Password?' when you sign in. If it was not you, you can ignore this email: your account and your password stay as they are.",
    }),
  };
}
