import { eq, sql } from "drizzle-orm";
import type { MailTransport } from "../../adapters/mail/mail.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import { createPollingWorker } from "../../lib/polling-worker.ts";
import type { EmailMessage } from "./templates.ts";

/** Queues an e-mail; pass the transaction of the change that caused it, so both commit or neither does. */
export async function enqueueEmail(options: { db: Pick<Database, "insert">; message: EmailMessage }): Promise<string> {
  const { db, message } = options;
  const [row] = await db
    .insert(emailOutbox)
    .values({
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  return row.id;
}

/** Seconds to wait before attempt `attempts + 1`: exponential from the base, capped. */
export function retryDelaySeconds(options: { attempts: number; baseSeconds: number; maxSeconds: number }): number {
  const { attempts, baseSeconds, maxSeconds } = options;
  return Math.min(maxSeconds, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

type ClaimedRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
};

export type MailWorker = {
  readonly transport: MailTransport;
  /** Sends every due e-mail once (claiming rows so other instances skip them); returns how many were tried. */
  processDue(): Promise<number>;
  /** Polls every MAIL_POLL_INTERVAL_MS until stopped. */
  start(): void;
  /** Asks a started worker to look at the queue now (after an enqueue in this process). */
  nudge(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
};

type Logger = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

const BATCH_SIZE = 20;

/** The outbox worker of one app process; any number of processes may run one against the same database. */
export function createMailWorker(options: {
  db: Database;
  config: Config;
  transport: MailTransport;
  log: Logger;
}): MailWorker {
  const { db, config, transport, log } = options;
  // A claim outlives any send (the transport times out first), so a crashed worker's rows come back later.
  const leaseSeconds = Math.ceil((config.MAIL_SEND_TIMEOUT_MS * 3) / 1000) + 60;

  async function claimDue(): Promise<ClaimedRow[]> {
    const result = (await db.execute(sql`
      update email_outbox
      set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      where id in (
        select id from email_outbox
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${BATCH_SIZE}
        for update skip locked
      )
      returning id, to_address, subject, text_body, html_body, attempts`)) as unknown as { rows: ClaimedRow[] };
    return result.rows;
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    try {
      const reference = await transport.send({
        id: row.id,
        from: config.MAIL_FROM,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: sql`now()`, deliveryReference: reference, lockedUntil: null, lastError: null })
        .where(eq(emailOutbox.id, row.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const attempts = Number(row.attempts);
      const givingUp = attempts >= config.MAIL_MAX_ATTEMPTS;
      const delay = retryDelaySeconds({
        attempts,
        baseSeconds: config.MAIL_RETRY_BASE_SECONDS,
        maxSeconds: config.MAIL_RETRY_MAX_SECONDS,
      });
      await db
        .update(emailOutbox)
        .set({
          status: givingUp ? "failed" : "pending",
          lastError: message.slice(0, 2000),
          lockedUntil: null,
          nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
        })
        .where(eq(emailOutbox.id, row.id));
      const details = { emailId: row.id, attempts, error: message };
      if (givingUp) log.error(details, "e-mail could not be sent; giving up");
      else log.warn({ ...details, retryInSeconds: delay }, "e-mail could not be sent; will retry");
    }
  }

  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await claimDue();
      for (const row of rows) await deliver(row);
      total += rows.length;
      if (rows.length < BATCH_SIZE) return total;
    }
  }

  const worker = createPollingWorker({
    runOnce,
    intervalMs: config.JOBS_POLL_INTERVAL_MS,
    onError: (error) => log.error({ err: error }, "mail worker failed"),
  });

  return {
    transport,
    processDue: worker.processDue,
    start: worker.start,
    nudge: worker.nudge,
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}
