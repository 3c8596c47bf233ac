import { addCartLineBodySchema, updateCartLineBodySchema } from "@threadfolk/contract/cart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import { authorize } from "../../lib/authorize.ts";
import { addCartLine } from "./add-cart-line.ts";
import { deleteCartLine } from "./delete-cart-line.ts";
import { getShoppingCart } from "./get-shopping-cart.ts";
import { cartPolicies } from "./policies.ts";
import { updateCartLine } from "./update-cart-line.ts";

/** A line id from the path; anything but a positive integer names no line (404, like an unknown id). */
function parseLineId(request: FastifyRequest): number {
  const { id } = request.params as { id: string };
  const value = /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(value) || value > 2_147_483_647) throw AppError.notFound("Order line item");
  return value;
}

/**
 * The cart under /api/v1 (spec sections 3, 4 and 7; issue 11): every route works for guest and customer
 * tokens alike, on the caller's own cart. Who may touch a line is cartPolicies (policies.ts).
 */
export async function cartRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context;

  app.addHook("onSend", async (_request, reply) => {
    // Personal data: never cached by a browser or a shared cache.
    reply.header("Cache-Control", "no-store");
  });

  app.get("/shopping_cart", async (request) => {
    const actor = authorize(request.actor, cartPolicies.readCart);
    return getShoppingCart({ context, actor });
  });

  app.post("/order_line_items", async (request, reply) => {
    const actor = authorize(request.actor, cartPolicies.addLine);
    const { orderLineItem } = parseInput(addCartLineBodySchema, request.body);
    return reply.status(201).send(await addCartLine({ context, actor, input: orderLineItem }));
  });

  app.put("/order_line_items/:id", async (request) => {
    const actor = authorize(request.actor, cartPolicies.updateLine);
    const lineId = parseLineId(request);
    const { orderLineItem } = parseInput(updateCartLineBodySchema, request.body);
    return updateCartLine({ context, actor, lineId, input: orderLineItem });
  });

  app.delete("/order_line_items/:id", async (request) => {
    const actor = authorize(request.actor, cartPolicies.deleteLine);
    return deleteCartLine({ db, actor, lineId: parseLineId(request) });
  });
}
