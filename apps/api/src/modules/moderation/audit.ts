import type { Database } from "../../db/client.ts";

/** The transaction a moderation change runs in (what its audit entry must be written with). */
export type ModerationTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** One operator action as the audit log keeps it (never a password, a token or a card number). */
export type ModerationAuditEntry = {
  action: string;
  subjectType: string;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string;
};

/**
 * Who acts, and how their action is recorded: the admin routes pass the operator and a recorder that writes the
 * operators' audit log (`recordOperatorAction`) in the transaction given, so the change and its entry commit
 * together or not at all. Moderation itself does not know the audit log's table.
 */
export type ModerationActor = {
  operatorId: string;
  record: (tx: ModerationTransaction, entry: ModerationAuditEntry) => Promise<void>;
};
