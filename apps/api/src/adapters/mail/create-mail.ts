import path from "node:path";
import type { Config } from "../../config.ts";
import { createLocalMail } from "./local-mail.ts";
import type { MailTransport } from "./mail.ts";
import { createSmtpMail } from "./smtp-mail.ts";

/** SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox. */
export function createMail(config: Config, log: (message: string, path: string) => void): MailTransport {
  return config.SMTP_URL
    ? createSmtpMail({ url: config.SMTP_URL, timeoutMs: config.MAIL_SEND_TIMEOUT_MS })
    : createLocalMail({ dir: path.join(config.DATA_DIR, "outbox"), log });
}
