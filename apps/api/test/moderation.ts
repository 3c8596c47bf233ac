import type { AppContext } from "../src/context.ts";
import type { ModerationActor, ModerationAuditEntry } from "../src/modules/moderation/audit.ts";
import { recordOperatorAction } from "../src/modules/operators/audit-log.ts";
import { createTestOperator } from "./operators.ts";

/**
 * A moderation actor for tests of the domain services: a real operator whose actions go to the real audit log
 * (as the admin routes record them), also kept in memory for the test to read. `failWith` makes the recorder
 * throw, to show the change and its audit entry commit together or not at all.
 */
export async function testModerator(from: AppContext | { context: AppContext }, options: { failWith?: Error } = {}) {
  const operator = await createTestOperator(from);
  const entries: ModerationAuditEntry[] = [];
  const actor: ModerationActor = {
    operatorId: operator.operatorId,
    async record(tx, entry) {
      if (options.failWith) throw options.failWith;
      await recordOperatorAction(tx, { operatorId: operator.operatorId, ...entry });
      entries.push(entry);
    },
  };
  return { actor, entries };
}
