import { sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { buildLegacyDesign } from "../../test/legacy-design.ts";
import { migrationsUpTo } from "../../test/migrations-up-to.ts";
import { MIGRATIONS_FOLDER } from "../lib/paths.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";

/**
 * Migration 0026 (decision 053) replayed on data: a database migrated to 0020 holds a cart, a placed order awaiting
 * payment (the old model: one row) and a paid order; after 0026 the placed row is still the order, with a new cart
 * for its owner holding the same lines and addresses, and the paid order and its timeline are kept.
 */
let handle: DatabaseHandle | undefined;

afterAll(async () => {
  await handle?.close();
});

async function rows<Row>(db: PgliteDatabase, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

describe("migration 0026", () => {
  it("moves a placed cart into an order of its own and keeps paid orders", async () => {
    handle = await openDatabase({ driver: "pglite" });
    const db = handle.db as unknown as PgliteDatabase;
    await migrate(db, { migrationsFolder: migrationsUpTo(20) });
    const { defaultVariant } = await buildLegacyDesign(db, { priceCents: 2500 });
    const [guest] = await rows<{ id: string }>(db, sql`insert into guests default values returning id`);
    const [other] = await rows<{ id: string }>(db, sql`insert into guests default values returning id`);
    const [placed] = await rows<{ id: string }>(
      db,
      sql`insert into orders (order_number, state, guest_id, email, selected_shipping_service_key,
          processor_payment_id, item_total_cents, discount_cents, shipping_cents, tax_cents, total_cents, placed_at)
        values ('TF-PRACED23', 'payment_pending', ${guest?.id}, 'ada@example.com', 'standard', 'pq_old', 5000, 0, 799,
          0, 5799, now()) returning id`,
    );
    await db.execute(sql`insert into order_line_items (order_id, seller_design_product_variant_id, size, color,
        quantity, unit_price_cents, unit_base_cost_cents)
      values (${placed?.id}, ${defaultVariant.id}, 'M', 'black', 2, 2500, 900)`);
    await db.execute(sql`insert into order_addresses (order_id, kind, first_name, last_name, address1, city, state, zip)
      values (${placed?.id}, 'shipping', 'Ada', 'Lovelace', '1 Main St', 'Brooklyn', 'NY', '11201'),
        (${placed?.id}, 'billing', 'Ada', 'Lovelace', '1 Main St', 'Brooklyn', 'NY', '11201')`);
    await db.execute(sql`insert into order_state_changes (order_id, state) values (${placed?.id}, 'payment_pending')`);
    const [paid] = await rows<{ id: string }>(
      db,
      sql`insert into orders (order_number, state, guest_id, email, processor_payment_id, item_total_cents,
          discount_cents, shipping_cents, tax_cents, total_cents, placed_at, paid_at)
        values ('TF-PAYDABCD', 'paid', ${other?.id}, 'bo@example.com', 'pq_paid', 2500, 0, 599, 0, 3099, now(), now())
        returning id`,
    );
    await db.execute(sql`insert into order_state_changes (order_id, state)
      values (${paid?.id}, 'payment_pending'), (${paid?.id}, 'paid')`);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const [order] = await rows<{ state: string; cart_id: string | null; processor_payment_id: string }>(
      db,
      sql`select state, cart_id, processor_payment_id from orders where id = ${placed?.id}`,
    );
    expect(order).toMatchObject({ state: "payment_pending", processor_payment_id: "pq_old" });
    expect(order?.cart_id).toBeTruthy();
    const [cart] = await rows<{ state: string; guest_id: string; email: string; revision: number }>(
      db,
      sql`select state, guest_id, email, revision from orders where id = ${order?.cart_id}`,
    );
    expect(cart).toMatchObject({ state: "cart", guest_id: guest?.id, email: "ada@example.com" });
    const cartLines = await rows<{ quantity: number; unit_price_cents: number | null }>(
      db,
      sql`select quantity, unit_price_cents from order_line_items where order_id = ${order?.cart_id}`,
    );
    expect(cartLines).toEqual([{ quantity: 2, unit_price_cents: null }]);
    const cartAddresses = await rows<{ kind: string }>(
      db,
      sql`select kind from order_addresses where order_id = ${order?.cart_id} order by kind`,
    );
    expect(cartAddresses.map((row) => row.kind)).toEqual(["billing", "shipping"]);
    // The order's quote is still payable: its cart is as it was copied.
    const [link] = await rows<{ fresh: boolean }>(
      db,
      sql`select o.cart_revision = c.revision as fresh from orders o join orders c on c.id = o.cart_id
        where o.id = ${placed?.id}`,
    );
    expect(link?.fresh).toBe(true);
    const timeline = await rows<{ from_state: string | null; state: string; actor: string }>(
      db,
      sql`select from_state, state, actor from order_state_changes where order_id = ${paid?.id} order by id`,
    );
    expect(timeline).toEqual([
      { from_state: null, state: "payment_pending", actor: "system:migration" },
      { from_state: "payment_pending", state: "paid", actor: "system:migration" },
    ]);
    // From now on the machine holds: the paid order cannot go back.
    await expect(
      db.execute(sql`update orders set state = 'payment_pending', state_changed_by = 'system:test',
        state_change_reason = 'attack' where id = ${paid?.id}`),
    ).rejects.toThrow();
  });
});
