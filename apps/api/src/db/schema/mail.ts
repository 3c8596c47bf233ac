import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Durable queue of outgoing e-mail. A row is written in the same transaction as the change that caused
 * it and sent later by the mail worker, so a mail server outage delays e-mail but never loses it.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the e-mail is for (email_confirmation, password_reset), for logs and tests. */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** pending, sent or failed (gave up after MAIL_MAX_ATTEMPTS). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim on the row while it sends; another worker skips it until this passes. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Where the transport put it: the SMTP message id or the .eml file path. */
    deliveryReference: text("delivery_reference"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("email_outbox_due_idx").on(table.status, table.nextAttemptAt)],
);
