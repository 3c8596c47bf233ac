import { orderAccessQuerySchema, ordersPageQuerySchema } from "@threadfolk/contract/orders";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { authorize } from "../../lib/authorize.ts";
import { listOrders } from "./list-orders.ts";
import { parseOrderNumber, readOrder } from "./read-order.ts";
import { orderReadPolicies } from "./read-policies.ts";

/**
 * Reading orders under /api/v1 (issue 13, deliverable 7; decision 031): the signed-in customer's order history
 * and one order by its number. Placing and paying orders are routes.ts.
 */
export async function orderReadRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.addHook("onSend", async (_request, reply) => {
    // Orders are personal data (addresses, what was bought): never cached by a browser or a shared cache.
    reply.header("Cache-Control", "no-store");
  });

  app.get("/orders", async (request) => {
    const actor = authorize(request.actor, orderReadPolicies.listOrders);
    const { page } = parseInput(ordersPageQuerySchema, request.query, "query");
    return listOrders({ context, userId: actor.userId, page });
  });

  app.get("/orders/:orderNumber", async (request) => {
    const actor = authorize(request.actor, orderReadPolicies.readOrder);
    const { token } = parseInput(orderAccessQuerySchema, request.query, "query");
    const orderNumber = parseOrderNumber((request.params as { orderNumber: string }).orderNumber);
    return readOrder({ context, actor, orderNumber, token });
  });
}
