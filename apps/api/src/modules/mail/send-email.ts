import type { MailTransport } from "../../adapters/mail/mail.ts";
import type { Config } from "../../config.ts";
import { enqueueJob, type JobExecutor } from "../../jobs/enqueue-job.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import type { EmailMessage } from "./templates.ts";

/**
 * Queues an e-mail as a `send_email` job; pass the transaction of the change that caused it, so both commit
 * or neither does. A mail server outage delays the e-mail but never fails the request or loses the e-mail.
 * With a `dedupeKey` (`order_confirmation:{orderId}`) the e-mail is queued at most once for that key: a second
 * call queues nothing and answers undefined.
 */
export async function enqueueEmail(options: { db: JobExecutor; message: EmailMessage }): Promise<string>;
export async function enqueueEmail(options: {
  db: JobExecutor;
  message: EmailMessage;
  dedupeKey: string;
}): Promise<string | undefined>;
export async function enqueueEmail(options: {
  db: JobExecutor;
  message: EmailMessage;
  dedupeKey?: string;
}): Promise<string | undefined> {
  const { db, message, dedupeKey } = options;
  const id = await enqueueJob(db, "send_email", message, dedupeKey ? { dedupeKey } : {});
  if (!id && !dedupeKey) throw new Error("the send_email job was not queued");
  return id;
}

/**
 * Sends a queued e-mail through the configured transport. The job id is the e-mail's id (its Message-ID and
 * .eml name); retries follow MAIL_RETRY_BASE_SECONDS, MAIL_RETRY_MAX_SECONDS and MAIL_MAX_ATTEMPTS.
 */
export function createSendEmailHandler(options: { config: Config; mail: MailTransport }): JobHandler<"send_email"> {
  const { config, mail } = options;
  return {
    retry: {
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
      baseDelaySeconds: config.MAIL_RETRY_BASE_SECONDS,
      maxDelaySeconds: config.MAIL_RETRY_MAX_SECONDS,
      // Outlives any send (the transport times out first), so only a crashed worker's job is claimed again.
      leaseSeconds: Math.ceil((config.MAIL_SEND_TIMEOUT_MS * 3) / 1000) + 60,
    },
    async run(message, job) {
      const deliveryReference = await mail.send({
        id: job.id,
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      return { deliveryReference };
    },
  };
}
