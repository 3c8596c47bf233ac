import { randomUUID } from "node:crypto";
import type { ModerationActor, ModerationAuditEntry } from "../src/modules/moderation/audit.ts";

/**
 * A moderation actor for tests of the domain services: a made-up operator whose recorder keeps the audit entries
 * in memory (the admin routes pass the operators' `recordOperatorAction` instead). `failWith` makes the recorder
 * throw, to show the change and its audit entry commit together or not at all.
 */
export function testModerator(options: { failWith?: Error } = {}) {
  const entries: ModerationAuditEntry[] = [];
  const actor: ModerationActor = {
    operatorId: randomUUID(),
    async record(_tx, entry) {
      if (options.failWith) throw options.failWith;
      entries.push(entry);
    },
  };
  return { actor, entries };
}
