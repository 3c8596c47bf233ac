import { addressesBodySchema, updateOrderBodySchema } from "@threadfolk/contract/checkout";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { authorize } from "../../lib/authorize.ts";
import { checkoutPolicies } from "./policies.ts";
import { saveAddresses } from "./save-addresses.ts";
import { updateOrder } from "./update-order.ts";

/**
 * The checkout under /api/v1 (spec sections 4, 5 and 7; issue 12): the addresses and e-mail of the caller's
 * cart and its shipping option. Each answers the cart, as `GET /shopping_cart` does.
 */
export async function checkoutRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.addHook("onSend", async (_request, reply) => {
    // Addresses are personal data: never cached by a browser or a shared cache.
    reply.header("Cache-Control", "no-store");
  });

  app.post("/addresses", async (request, reply) => {
    const actor = authorize(request.actor, checkoutPolicies.saveAddresses);
    const { addresses } = parseInput(addressesBodySchema, request.body);
    const saved = await saveAddresses({ context, actor, input: addresses, mode: "create" });
    return reply.status(saved.created ? 201 : 200).send(saved.cart);
  });

  app.put("/addresses", async (request) => {
    const actor = authorize(request.actor, checkoutPolicies.saveAddresses);
    const { addresses } = parseInput(addressesBodySchema, request.body);
    return (await saveAddresses({ context, actor, input: addresses, mode: "update" })).cart;
  });

  app.put("/orders", async (request) => {
    const actor = authorize(request.actor, checkoutPolicies.updateOrder);
    const { order } = parseInput(updateOrderBodySchema, request.body);
    return updateOrder({ context, actor, input: order });
  });
}
