import {
  adminCancelBodySchema,
  adminNoteBodySchema,
  adminOrdersQuerySchema,
  adminRefundBodySchema,
  adminResendEmailBodySchema,
  adminResubmitBodySchema,
} from "@threadfolk/contract/admin-orders";
import { emptyQuerySchema } from "@threadfolk/contract/api-requests";
import { formatCents } from "@threadfolk/contract/money";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { requireOperator } from "../operators/admin-plugin.ts";
import { recordOperatorAction } from "../operators/audit-log.ts";
import { parseOrderNumber } from "../orders/read-order.ts";
import { readDashboard } from "./dashboard.ts";
import { readOperatorOrder } from "./operator-order.ts";
import {
  addOrderNote,
  cancelOrderAsOperator,
  describeRefund,
  type OrderAudit,
  refundOrderAsOperator,
  resendOrderEmail,
  resubmitOrder,
} from "./order-actions.ts";
import { searchOrders } from "./search-orders.ts";

/**
 * The admin console's orders and dashboard (issue 28, decision 074), under /api/v1/admin behind the operator
 * session. Each action writes its audit entry in the transaction of its change (`recordOperatorAction`) and
 * answers the order as it is now with a sentence saying what happened.
 */
export function adminOrderRoutes(admin: FastifyInstance, context: AppContext): void {
  const { db, config } = context;
  const auditBy =
    (operatorId: string): OrderAudit =>
    (tx, entry) =>
      recordOperatorAction(tx as Parameters<typeof recordOperatorAction>[0], { operatorId, ...entry });
  const orderNumberOf = (request: { params: unknown }) =>
    parseOrderNumber((request.params as { orderNumber: string }).orderNumber);

  /** The order page, with each note's operator e-mail. */
  async function present(orderNumber: string) {
    const order = await readOperatorOrder({ context, orderNumber });
    if (order.notes.length === 0) return order;
    const emails = (
      (await db.execute(
        sql`select id::text as id, email from operators where id in (${sql.join(
          order.notes.map((note) => sql`${note.operatorId}::uuid`),
          sql`, `,
        )})`,
      )) as unknown as { rows: Array<{ id: string; email: string }> }
    ).rows;
    return {
      ...order,
      notes: order.notes.map((note) => ({
        ...note,
        operatorEmail: emails.find((row) => row.id === note.operatorId)?.email ?? null,
      })),
    };
  }

  admin.get("/dashboard", async (request) => {
    parseInput(emptyQuerySchema, request.query, "query");
    requireOperator(request);
    return { data: await readDashboard({ db, config }) };
  });

  admin.get("/orders", async (request) => {
    const query = parseInput(adminOrdersQuerySchema, request.query, "query");
    requireOperator(request);
    const result = await searchOrders(db, { ...query, states: query.state });
    return { data: result.orders, meta: { page: result.page, perPage: result.perPage, hasMore: result.hasMore } };
  });

  admin.get("/orders/:orderNumber", async (request) => {
    parseInput(emptyQuerySchema, request.query, "query");
    requireOperator(request);
    return { data: await present(orderNumberOf(request)) };
  });

  admin.post("/orders/:orderNumber/refunds", async (request) => {
    const body = parseInput(adminRefundBodySchema, request.body);
    const operator = requireOperator(request);
    const orderNumber = orderNumberOf(request);
    const result = await refundOrderAsOperator({
      context,
      operatorId: operator.operatorId,
      orderNumber,
      reason: body.reason,
      ...(body.amountCents !== undefined ? { amountCents: body.amountCents } : {}),
      ...(body.lineIds ? { lineIds: body.lineIds } : {}),
      ...(body.requestKey ? { requestKey: body.requestKey } : {}),
      audit: auditBy(operator.operatorId),
    });
    return { data: await present(orderNumber), meta: { message: describeRefund(result.refund) } };
  });

  admin.post("/orders/:orderNumber/cancellation", async (request) => {
    const body = parseInput(adminCancelBodySchema, request.body);
    const operator = requireOperator(request);
    const orderNumber = orderNumberOf(request);
    const result = await cancelOrderAsOperator({
      context,
      operatorId: operator.operatorId,
      orderNumber,
      reason: body.reason,
      audit: auditBy(operator.operatorId),
    });
    const message = `Order ${orderNumber} is cancelled; ${formatCents(result.after.totalCents)} is being refunded in full`;
    return { data: await present(orderNumber), meta: { message } };
  });

  admin.post("/orders/:orderNumber/resubmission", async (request) => {
    const body = parseInput(adminResubmitBodySchema, request.body);
    const operator = requireOperator(request);
    const orderNumber = orderNumberOf(request);
    await resubmitOrder({
      context,
      operatorId: operator.operatorId,
      orderNumber,
      ...(body.reason ? { reason: body.reason } : {}),
      audit: auditBy(operator.operatorId),
    });
    return { data: await present(orderNumber), meta: { message: `Order ${orderNumber} is going to production again` } };
  });

  admin.post("/orders/:orderNumber/email_resends", async (request) => {
    const body = parseInput(adminResendEmailBodySchema, request.body);
    const operator = requireOperator(request);
    const orderNumber = orderNumberOf(request);
    await resendOrderEmail({
      context,
      operatorId: operator.operatorId,
      orderNumber,
      email: body.email,
      ...(body.shipmentId ? { shipmentId: body.shipmentId } : {}),
      ...(body.reason ? { reason: body.reason } : {}),
      audit: auditBy(operator.operatorId),
    });
    const label = { confirmation: "order confirmation", shipped: "shipping", delivered: "delivery" }[body.email];
    return { data: await present(orderNumber), meta: { message: `The ${label} e-mail is on its way again` } };
  });

  admin.post("/orders/:orderNumber/notes", async (request) => {
    const body = parseInput(adminNoteBodySchema, request.body);
    const operator = requireOperator(request);
    const orderNumber = orderNumberOf(request);
    await addOrderNote({
      context,
      operatorId: operator.operatorId,
      orderNumber,
      body: body.body,
      audit: auditBy(operator.operatorId),
    });
    return { data: await present(orderNumber), meta: { message: "Note added" } };
  });
}
