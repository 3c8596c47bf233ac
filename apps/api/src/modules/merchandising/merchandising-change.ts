import type { Database } from "../../db/client.ts";

/** What the merchandising services read and write with: the database or a transaction of it. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/** One change an operator made, as the audit log keeps it (decision 076). */
export type MerchandisingChange = {
  /** Dotted: `collection.update`, `carousel.update`, `sale.create`, `code.create`, `code.expire`, `gift_card.issue`… */
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
};

/**
 * Called by every merchandising service inside the transaction that makes the change, so the change and its
 * record happen together or not at all. The admin routes pass one that writes the operators' audit log.
 */
export type RecordChange = (tx: Executor, change: MerchandisingChange) => Promise<void>;

/** Options every merchandising change takes. */
export type ChangeOptions = { db: Database; record?: RecordChange };
