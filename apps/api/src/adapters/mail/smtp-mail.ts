import nodemailer from "nodemailer";
import { type MailTransport, toNodemailerMessage } from "./mail.ts";

/** Over SMTP with nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpMail(options: { url: string; timeoutMs: number }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    name: "smtp",
    async send(message) {
      const info = await transporter.sendMail(toNodemailerMessage(message));
      if (info.rejected.length > 0) throw new Error(`SMTP server rejected ${info.rejected.join(", ")}`);
      return info.messageId;
    },
    close: () => transporter.close(),
  };
}
