import { asc, eq } from "drizzle-orm";
import type { Database } from "../../src/db/client.ts";
import { orderStateChanges, orders } from "../../src/db/schema/index.ts";

/** The actor the factories' moves are recorded with. */
export const FACTORY_ACTOR = "system:test_factory";

/**
 * Moves an order (inserted in its first state, `payment_pending`) along `path` (the states after the first), as
 * the state machine allows, and dates its timeline rows (the transition trigger writes them) with `times`, one
 * per state including the first. Each move names the factory as who and why.
 */
export async function walkOrderStates(
  db: Database,
  orderId: string,
  path: readonly string[],
  times: readonly Date[],
): Promise<void> {
  for (const state of path) {
    await db
      .update(orders)
      .set({ state: state as never, stateChangedBy: FACTORY_ACTOR, stateChangeReason: `test factory: ${state}` })
      .where(eq(orders.id, orderId));
  }
  const steps = await db
    .select({ id: orderStateChanges.id })
    .from(orderStateChanges)
    .where(eq(orderStateChanges.orderId, orderId))
    .orderBy(asc(orderStateChanges.id));
  for (const [index, step] of steps.entries()) {
    const at = times[index];
    if (at) await db.update(orderStateChanges).set({ createdAt: at }).where(eq(orderStateChanges.id, step.id));
  }
}
