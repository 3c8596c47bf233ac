import type { AuditLogEntry } from "@threadfolk/contract/operators";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { operatorAuditLog, operators } from "../../db/schema/index.ts";

/**
 * The operators' audit log (issue 28, decision 071): append-only (the database refuses UPDATE, DELETE and
 * TRUNCATE), one row per operator action.
 */

export type OperatorAction = {
  operatorId: string;
  /** Dotted: `order.refund`, `design.take_down`, `code.create`, `operator.sign_in`… */
  action: string;
  subjectType?: string | null;
  subjectId?: string | null;
  /** JSON snapshots of the record before and after: never passwords, tokens or card numbers. */
  before?: unknown;
  after?: unknown;
  /** The text the operator typed. */
  reason?: string | null;
};

/** Appends an entry; call it with the transaction that makes the change, so both happen or neither. */
export async function recordOperatorAction(db: Pick<Database, "insert">, entry: OperatorAction): Promise<void> {
  await db.insert(operatorAuditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason?.trim() ? entry.reason.trim() : null,
  });
}

export const AUDIT_LOG_PER_PAGE = 50;

/** A page of the log, newest first, with the action names and operators the filters offer. */
export async function listAuditLog(options: {
  db: Database;
  page: number;
  action?: string;
  operatorId?: string;
}): Promise<{
  entries: AuditLogEntry[];
  totalCount: number;
  actions: string[];
  operators: Array<{ id: string; email: string }>;
}> {
  const { db, page, action, operatorId } = options;
  const conditions: SQL[] = [];
  if (action) conditions.push(eq(operatorAuditLog.action, action));
  if (operatorId) conditions.push(eq(operatorAuditLog.operatorId, operatorId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({
      id: operatorAuditLog.id,
      createdAt: operatorAuditLog.createdAt,
      operatorId: operatorAuditLog.operatorId,
      operatorEmail: operators.email,
      action: operatorAuditLog.action,
      subjectType: operatorAuditLog.subjectType,
      subjectId: operatorAuditLog.subjectId,
      before: operatorAuditLog.before,
      after: operatorAuditLog.after,
      reason: operatorAuditLog.reason,
    })
    .from(operatorAuditLog)
    .innerJoin(operators, eq(operators.id, operatorAuditLog.operatorId))
    .where(where)
    .orderBy(desc(operatorAuditLog.id))
    .limit(AUDIT_LOG_PER_PAGE)
    .offset((page - 1) * AUDIT_LOG_PER_PAGE);
  const [total] = await db.select({ value: count() }).from(operatorAuditLog).where(where);
  const actions = await db
    .selectDistinct({ action: operatorAuditLog.action })
    .from(operatorAuditLog)
    .orderBy(operatorAuditLog.action);
  const everyOperator = await db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .orderBy(operators.email);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      operatorId: row.operatorId,
      operatorEmail: row.operatorEmail,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      before: row.before,
      after: row.after,
      reason: row.reason,
    })),
    totalCount: total?.value ?? 0,
    actions: actions.map((row) => row.action),
    operators: everyOperator,
  };
}
