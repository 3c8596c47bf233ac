import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../../config.ts";

/** What a transport needs to deliver one message. */
export type OutgoingEmail = { id: string; from: string; to: string; subject: string; text: string; html: string };

/** Delivers e-mail; `send` throws when the message could not be handed over (it is then retried). */
export type MailTransport = {
  name: "smtp" | "file";
  /** Returns a reference to the delivered message: the SMTP message id or the .eml path. */
  send(message: OutgoingEmail): Promise<string>;
  close(): void;
};

/** Over SMTP with nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpTransport(options: { url: string; timeoutMs: number }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    name: "smtp",
    async send(message) {
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@threadfolk.outbox>`,
      });
      if (info.rejected.length > 0) throw new Error(`SMTP server rejected ${info.rejected.join(", ")}`);
      return info.messageId;
    },
    close: () => transporter.close(),
  };
}

/** A file name that sorts by time and names the recipient: `20261121T013331123Z--ada@example.com--<id>.eml`. */
export function outboxFileName(options: { to: string; id: string; date?: Date }): string {
  const stamp = (options.date ?? new Date()).toISOString().replace(/[-:.]/g, "");
  const recipient = options.to.toLowerCase().replace(/[^a-z0-9@._+-]/g, "_");
  return `${stamp}--${recipient}--${options.id}.eml`;
}

/**
 * The local transport when no SMTP server is configured: the complete MIME message (as an SMTP server
 * would receive it) written to `dir` as an .eml file that any mail client opens.
 */
export function createFileTransport(options: {
  dir: string;
  log: (message: string, path: string) => void;
}): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    name: "file",
    async send(message) {
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@threadfolk.outbox>`,
      });
      await fs.mkdir(options.dir, { recursive: true });
      const filePath = path.join(options.dir, outboxFileName({ to: message.to, id: message.id }));
      // Written under a temporary name first so that a reader never sees half a message.
      const temporaryPath = `${filePath}.partial`;
      await fs.writeFile(temporaryPath, info.message as Buffer);
      await fs.rename(temporaryPath, filePath);
      options.log(`e-mail to ${message.to} written to ${filePath}`, filePath);
      return filePath;
    },
    close: () => transporter.close(),
  };
}

/** SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox. */
export function createMailTransport(config: Config, log: (message: string, path: string) => void): MailTransport {
  return config.SMTP_URL
    ? createSmtpTransport({ url: config.SMTP_URL, timeoutMs: config.MAIL_SEND_TIMEOUT_MS })
    : createFileTransport({ dir: path.join(config.DATA_DIR, "outbox"), log });
}
