import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { garmentStyles, guests, orderLineItems, orderPayments, orders, payoutSettings } from "../db/schema/index.ts";
import { generateOrderNumber } from "../modules/cart/order-number.ts";
import { insertArtists, insertDesigns, insertVariants, type Variant } from "../modules/catalogue/queries.ts";
import { recordOrderEarnings } from "../modules/earnings/record-order-earnings.ts";
import { reverseOrderEarnings } from "../modules/earnings/reverse-order-earnings.ts";

/**
 * Data for the payout benchmark, the year's simulation and the payouts chaos check (decision 073): artists with a
 * confirmed PayPal e-mail and one design each, and paid orders that go through the real state machine and the
 * real earnings ledger (recordOrderEarnings, reverseOrderEarnings), dated as asked.
 */

export type SimulatedArtist = { id: string; variant: Variant; paypalEmail: string };

const SIMULATION_ACTOR = "system:payout_simulation";
const BATCH = 500;

/** `count` artists, each with a confirmed PayPal e-mail and one active design (a men's tee at `priceCents`). */
export async function seedPayoutArtists(
  db: Database,
  options: { count: number; priceCents?: number; tag?: string },
): Promise<SimulatedArtist[]> {
  const tag = options.tag ?? randomBytes(3).toString("hex");
  const [style] = await db.select().from(garmentStyles).where(eq(garmentStyles.key, "mens_tee"));
  if (!style) throw new Error("the garment styles are not seeded");
  const result: SimulatedArtist[] = [];
  for (let start = 0; start < options.count; start += BATCH) {
    const size = Math.min(BATCH, options.count - start);
    const artists = await insertArtists({
      db,
      artists: Array.from({ length: size }, (_, index) => ({
        uniqueUsername: `payout${tag}x${start + index}`,
        displayName: `Payout Artist ${start + index}`,
        bio: "",
      })),
    });
    const designs = await insertDesigns({
      db,
      designs: artists.map((artist, index) => {
        const id = randomUUID();
        return {
          id,
          sellerProfileId: artist.id,
          slug: `payout-design-${tag}-${start + index}`,
          displayName: `Payout Design ${start + index}`,
          description: "",
          tags: [],
          artworkKey: `designs/${id}/artwork.png`,
          basePriceCents: options.priceCents ?? 3000,
          defaultColor: "black",
          status: "active",
          publishedAt: new Date(),
        };
      }),
    });
    const variants = await insertVariants({
      db,
      variants: designs.map((design) => ({
        designId: design.id,
        garmentStyleId: style.id,
        priceCents: options.priceCents ?? 3000,
        isDefault: true,
      })),
    });
    const emails = artists.map((artist, index) => `artist-${tag}-${start + index}@paypal.example.com`);
    await db.insert(payoutSettings).values(
      artists.map((artist, index) => ({
        sellerProfileId: artist.id,
        paypalEmail: emails[index] ?? "",
        paypalEmailConfirmedAt: new Date(),
      })),
    );
    for (const [index, artist] of artists.entries()) {
      const design = designs.find((candidate) => candidate.sellerProfileId === artist.id);
      const variant = variants.find((candidate) => candidate.designId === design?.id);
      if (variant) result.push({ id: artist.id, variant, paypalEmail: emails[index] ?? "" });
    }
  }
  return result;
}

export type SimulatedSale = { artist: SimulatedArtist; quantity: number; paidAt: Date; deliveredAt: Date | null };

/**
 * Paid (and, with `deliveredAt`, delivered) orders of one line each, recorded in the earnings ledger. Answers
 * their ids in the order given.
 */
export async function recordSimulatedSales(db: Database, sales: readonly SimulatedSale[]): Promise<string[]> {
  const [guest] = await db.insert(guests).values({}).returning({ id: guests.id });
  if (!guest) throw new Error("no guest");
  const [style] = await db.select().from(garmentStyles).where(eq(garmentStyles.key, "mens_tee"));
  const baseCost = style?.baseCostCents ?? 0;
  const ids: string[] = [];
  for (let start = 0; start < sales.length; start += BATCH) {
    const slice = sales.slice(start, start + BATCH);
    const rows = slice.map((sale) => {
      const itemTotal = sale.artist.variant.priceCents * sale.quantity;
      return {
        id: randomUUID(),
        orderNumber: generateOrderNumber(),
        state: "payment_pending" as const,
        stateChangedBy: SIMULATION_ACTOR,
        stateChangeReason: "simulated sale",
        guestId: guest.id,
        email: "shopper@example.com",
        selectedShippingServiceKey: "standard" as const,
        billingSameAsShipping: true,
        itemTotalCents: itemTotal,
        discountCents: 0,
        shippingCents: 599,
        taxCents: 0,
        totalCents: itemTotal + 599,
        placedAt: new Date(sale.paidAt.getTime() - 60_000),
        paidAt: sale.paidAt,
      };
    });
    await db.insert(orders).values(rows);
    await db.insert(orderLineItems).values(
      slice.map((sale, index) => ({
        orderId: rows[index]?.id ?? "",
        sellerDesignProductVariantId: sale.artist.variant.id,
        size: "L" as const,
        color: "black" as const,
        quantity: sale.quantity,
        unitPriceCents: sale.artist.variant.priceCents,
        unitSalePriceCents: null,
        unitBaseCostCents: baseCost,
      })),
    );
    await db.insert(orderPayments).values(
      rows.map((row) => {
        const key = randomUUID();
        return {
          orderId: row.id,
          kind: "card" as const,
          status: "succeeded" as const,
          amountCents: row.totalCents,
          idempotencyKey: key,
          requestDigest: randomBytes(32).toString("hex"),
          processor: "local",
          processorKey: `order-payment-${key}`,
          processorReference: `ch_${randomBytes(8).toString("hex")}`,
          payerKey: `guest:${guest.id}`,
        };
      }),
    );
    const all = rows.map((row) => row.id);
    const delivered = rows.filter((_, index) => slice[index]?.deliveredAt).map((row) => row.id);
    // The state machine, one move at a time (its trigger writes the timeline).
    const move = async (ids: string[], state: "paid" | "in_production" | "shipped" | "delivered") => {
      if (ids.length === 0) return;
      await db
        .update(orders)
        .set({ state, stateChangedBy: SIMULATION_ACTOR, stateChangeReason: `simulated: ${state}` })
        .where(inArray(orders.id, ids));
    };
    await move(all, "paid");
    await move(delivered, "in_production");
    await move(delivered, "shipped");
    await move(delivered, "delivered");
    for (const [index, sale] of slice.entries()) {
      const id = rows[index]?.id ?? "";
      if (sale.deliveredAt) await db.update(orders).set({ deliveredAt: sale.deliveredAt }).where(eq(orders.id, id));
      await recordOrderEarnings({ db, orderId: id });
      ids.push(id);
    }
  }
  return ids;
}

/** A full refund of an order's lines: the ledger's reversal (the order keeps its state; balances follow the ledger). */
export async function refundSimulatedSale(db: Database, orderId: string): Promise<void> {
  await reverseOrderEarnings({ db, orderId });
}

/** The ledger's sum of artist earnings. */
export async function sumLedger(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`select coalesce(sum(artist_earnings_cents), 0)::bigint as cents from earnings_entries`,
  )) as unknown as { rows: Array<{ cents: string | number }> };
  return Number(result.rows[0]?.cents ?? 0);
}
