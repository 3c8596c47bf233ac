/** What a transport needs to deliver one message. */
export type OutgoingEmail = { id: string; from: string; to: string; subject: string; text: string; html: string };

/**
 * The mail port: delivers one rendered e-mail. `send` throws when the message could not be handed over
 * (the job that sends it is then retried).
 */
export type MailTransport = {
  /** `smtp` for a mail server, `file` for the local .eml outbox. */
  name: "smtp" | "file";
  /** Returns a reference to the delivered message: the SMTP message id or the .eml path. */
  send(message: OutgoingEmail): Promise<string>;
  close(): void;
};

/** The Message-ID of an outgoing e-mail: stable per message, so a retried send can be recognised downstream. */
function messageIdFor(id: string): string {
  return `<${id}@threadfolk.outbox>`;
}

/** The message as both transports hand it to nodemailer, with its stable Message-ID. */
export function toNodemailerMessage(message: OutgoingEmail) {
  const { from, to, subject, text, html } = message;
  return { from, to, subject, text, html, messageId: messageIdFor(message.id) };
}
