import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { type MailTransport, toNodemailerMessage } from "./mail.ts";

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
export function createLocalMail(options: { dir: string; log: (message: string, path: string) => void }): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    name: "file",
    async send(message) {
      const info = await transporter.sendMail(toNodemailerMessage(message));
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
