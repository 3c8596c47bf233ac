import { emptyQuerySchema } from "@threadfolk/contract/api-requests";
import { auditLogQuerySchema, OPERATOR_IDLE_MINUTES, operatorSignOutBodySchema } from "@threadfolk/contract/operators";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { requireOperator } from "./admin-plugin.ts";
import { AUDIT_LOG_PER_PAGE, listAuditLog, recordOperatorAction } from "./audit-log.ts";
import { clearOperatorCookie, endOperatorSession } from "./operator-sessions.ts";

/** The operator's own session (who is signed in, sign-out) and the audit log: the admin console's first area. */
export function operatorAdminRoutes(admin: FastifyInstance, context: AppContext): void {
  const { db, config } = context;

  admin.get("/session", async (request) => {
    parseInput(emptyQuerySchema, request.query, "query");
    const operator = requireOperator(request);
    return {
      data: { operator: { id: operator.operatorId, email: operator.email }, idleMinutes: OPERATOR_IDLE_MINUTES },
    };
  });

  admin.post("/session/sign_out", async (request, reply) => {
    parseInput(operatorSignOutBodySchema, request.body);
    const operator = requireOperator(request);
    await db.transaction(async (tx) => {
      await endOperatorSession(tx, operator.sessionId, "sign_out");
      await recordOperatorAction(tx, {
        operatorId: operator.operatorId,
        action: "operator.sign_out",
        subjectType: "operator_session",
        subjectId: operator.sessionId,
      });
    });
    clearOperatorCookie(reply, config);
    return reply.status(204).send();
  });

  admin.get("/audit_log", async (request) => {
    const query = parseInput(auditLogQuerySchema, request.query, "query");
    requireOperator(request);
    const page = await listAuditLog({ db, ...query });
    return {
      data: page.entries,
      meta: {
        page: query.page,
        perPage: AUDIT_LOG_PER_PAGE,
        totalCount: page.totalCount,
        totalPages: Math.max(1, Math.ceil(page.totalCount / AUDIT_LOG_PER_PAGE)),
        actions: page.actions,
        operators: page.operators,
      },
    };
  });
}
