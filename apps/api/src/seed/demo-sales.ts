import { addCartLineBodySchema } from "@threadfolk/contract/cart";
import { addressesBodySchema } from "@threadfolk/contract/checkout";
import { orderPaymentBodySchema } from "@threadfolk/contract/orders";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { createCardProcessor } from "../adapters/card/create-card.ts";
import { createTax } from "../adapters/tax/create-tax.ts";
import type { AppContext } from "../context.ts";
import { designs, guests, jobs, sellerDesignProductVariants, sellerProfiles, users } from "../db/schema/index.ts";
import type { Actor } from "../lib/authorize.ts";
import { addCartLine } from "../modules/cart/add-cart-line.ts";
import { cartOwnerOf, findCartVariant } from "../modules/cart/queries.ts";
import { isListedDesign } from "../modules/catalogue/listed-designs.ts";
import { lockCartForCheckout, updateCartCheckout, upsertOrderAddresses } from "../modules/checkout/queries.ts";
import { recordOrderEarnings } from "../modules/earnings/record-order-earnings.ts";
import { payOrderByCard } from "../modules/orders/pay-by-card.ts";
import { placeOrder } from "../modules/orders/place-order.ts";
import { DEMO_ACCOUNTS, DEMO_ARTIST_UNIQUE_USERNAME } from "./demo-accounts.ts";
import { demoFulfilmentOf, seedDemoFulfilment } from "./demo-fulfilment.ts";

/**
 * The demo artist's sales history (issue 14: "read their sales" on a fresh start). Each order is bought the way a
 * shopper buys: added to a cart, addresses and shipping chosen, placed, paid with the local test card, and its
 * earnings recorded by the ledger's own function. Only then is it dated back (decision 041).
 */

const DAY_MS = 86_400_000;

type Buyer = "demo shopper" | { firstName: string; lastName: string; email: string; city: string; zip: string };

type DemoSaleLine = {
  /** Which of the demo artist's listed designs (oldest first), wrapped around their count. */
  design: number;
  /** Sold on the design's n-th offered style (0: its default), wrapped around the styles it has. */
  style?: number;
  quantity?: number;
};

type DemoSale = { daysAgo: number; buyer: Buyer; lines: DemoSaleLine[]; shipping?: "standard" | "expedited" };

const guest = (firstName: string, lastName: string, city: string, zip: string): Buyer => ({
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.test`,
  city,
  zip,
});

/**
 * Twelve orders over the last 58 days: some older than the refund window (available), most within it
 * (pending), several this month and one today, so every figure and the chart of Sales show something.
 */
export const DEMO_SALES: DemoSale[] = [
  { daysAgo: 58, buyer: "demo shopper", lines: [{ design: 0 }] },
  { daysAgo: 52, buyer: guest("Priya", "Shah", "Saint Paul", "55102"), lines: [{ design: 1, quantity: 2 }] },
  { daysAgo: 45, buyer: guest("Tom", "Becker", "Saint Paul", "55102"), lines: [{ design: 2, style: 1 }] },
  {
    daysAgo: 39,
    buyer: "demo shopper",
    lines: [{ design: 0, style: 1 }, { design: 3 }],
    shipping: "expedited",
  },
  { daysAgo: 33, buyer: guest("Lena", "Park", "Saint Paul", "55102"), lines: [{ design: 4 }] },
  { daysAgo: 27, buyer: guest("Marcus", "Hill", "Saint Paul", "55102"), lines: [{ design: 1, style: 2 }] },
  { daysAgo: 21, buyer: "demo shopper", lines: [{ design: 5, quantity: 3 }] },
  { daysAgo: 16, buyer: guest("Ana", "Lopez", "Saint Paul", "55102"), lines: [{ design: 2 }, { design: 6 }] },
  { daysAgo: 10, buyer: guest("Jamal", "Reed", "Saint Paul", "55102"), lines: [{ design: 0, quantity: 2 }] },
  { daysAgo: 6, buyer: guest("Chloe", "Martin", "Saint Paul", "55102"), lines: [{ design: 7, style: 1 }] },
  { daysAgo: 2, buyer: "demo shopper", lines: [{ design: 3 }], shipping: "expedited" },
  { daysAgo: 0, buyer: guest("Omar", "Haddad", "Saint Paul", "55102"), lines: [{ design: 1 }, { design: 5 }] },
];

/** The local test processor's card that always succeeds (LOCAL_TEST_CARDS), valid for years to come. */
const DEMO_CARD = { creditCardNumber: "4242424242424242", expirationDate: "1239", cvc: "123" };

type ArtistDesign = { id: string; variantIds: number[] };

/** The demo artist's listed designs, oldest first, each with its offered variants (default first). */
async function findDemoArtistDesigns(db: AppContext["db"]): Promise<ArtistDesign[]> {
  const rows = await db
    .select({ designId: designs.id, variantId: sellerDesignProductVariants.id })
    .from(designs)
    .innerJoin(sellerProfiles, eq(sellerProfiles.id, designs.sellerProfileId))
    .innerJoin(
      sellerDesignProductVariants,
      and(eq(sellerDesignProductVariants.designId, designs.id), eq(sellerDesignProductVariants.offered, true)),
    )
    .where(and(eq(sellerProfiles.uniqueUsername, DEMO_ARTIST_UNIQUE_USERNAME), isListedDesign()))
    .orderBy(
      asc(designs.createdAt),
      asc(designs.id),
      sql`${sellerDesignProductVariants.isDefault} desc`,
      asc(sellerDesignProductVariants.id),
    );
  const byDesign = new Map<string, ArtistDesign>();
  for (const row of rows) {
    const design = byDesign.get(row.designId) ?? { id: row.designId, variantIds: [] };
    design.variantIds.push(row.variantId);
    byDesign.set(row.designId, design);
  }
  return [...byDesign.values()];
}

/** The sizes most people buy, picked in turn so the sold lines differ. */
const COMMON_SIZES = ["M", "L", "S", "XL", "2XL"];

/** A size and colour the variant's style is sold in and its design is offered in (the design's own colour). */
async function chooseSizeAndColor(db: AppContext["db"], variantId: number, pick: number) {
  const variant = (await findCartVariant({ db, variantId }))?.variant;
  if (!variant) throw new Error(`demo sales: variant ${variantId} cannot be bought`);
  const { style, design } = variant;
  const offered = design.offeredColors ?? style.colors;
  const color = style.colors.includes(design.defaultColor)
    ? design.defaultColor
    : style.colors.find((c) => offered.includes(c));
  const sizes = COMMON_SIZES.filter((candidate) => style.sizes.includes(candidate));
  const size = sizes.length > 0 ? sizes[pick % sizes.length] : style.sizes[0];
  if (!color || !size) throw new Error(`demo sales: variant ${variantId} has no colour or size to sell`);
  return { size, color };
}

/**
 * Seeds the demo artist's sales. Runs after the catalogue and the demo accounts. Dating back happens after the
 * real purchase: the order's created, placed and paid times (Sales reads `orders.paid_at`), its timeline, its
 * card payment and charge. The earnings entries keep their own time: the ledger is append-only, and Sales dates
 * a sale by its order's payment. The confirmation e-mails are not sent (their jobs are closed as skipped), so a
 * first start does not fill the outbox with a dozen mails to made-up addresses.
 */
export async function seedDemoSales(context: AppContext): Promise<void> {
  const { db } = context;
  const artistDesigns = await findDemoArtistDesigns(db);
  if (artistDesigns.length === 0) throw new Error("demo sales: the demo artist has no listed designs");
  const [shopper] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.shopper.email));
  if (!shopper) throw new Error("demo sales: the demo shopper was not seeded");

  // Always the offline processor and tax table: seeding must never charge a configured Stripe account.
  const offline = { ...context.config, STRIPE_SECRET_KEY: undefined, STRIPE_TAX_SECRET_KEY: undefined };
  const cardProcessor = createCardProcessor({ config: offline, db });
  const checkoutContext = { db, config: context.config, tax: createTax(offline) };
  const paymentContext = {
    db,
    config: context.config,
    rateLimiter: context.rateLimiter,
    jobs: context.jobs,
    cardProcessor,
  };

  const seeded: string[] = [];
  for (const [index, sale] of DEMO_SALES.entries()) {
    let actor: Actor;
    let contact: { firstName: string; lastName: string; email: string; city: string; zip: string };
    if (sale.buyer === "demo shopper") {
      actor = { kind: "user", userId: shopper.id, sessionId: "demo-seed" };
      const { firstName, lastName, email } = DEMO_ACCOUNTS.shopper;
      contact = { firstName, lastName, email, city: "Minneapolis", zip: "55401" };
    } else {
      const [row] = await db.insert(guests).values({}).returning({ id: guests.id });
      if (!row) throw new Error("demo sales: guest not created");
      actor = { kind: "guest", guestId: row.id, sessionId: "demo-seed" };
      contact = sale.buyer;
    }

    for (const [lineIndex, line] of sale.lines.entries()) {
      const design = artistDesigns[line.design % artistDesigns.length] as ArtistDesign;
      const variantId = design.variantIds[(line.style ?? 0) % design.variantIds.length] as number;
      const { size, color } = await chooseSizeAndColor(db, variantId, index + lineIndex);
      const { orderLineItem } = addCartLineBodySchema.parse({
        orderLineItem: { sellerDesignProductVariantId: variantId, size, color, quantity: line.quantity ?? 1 },
      });
      await addCartLine({ context: checkoutContext, actor, input: orderLineItem });
    }
    const { addresses } = addressesBodySchema.parse({
      addresses: {
        shippingAddress: {
          firstName: contact.firstName,
          lastName: contact.lastName,
          address1: `${100 + index * 7} Grand Ave`,
          city: contact.city,
          state: "MN",
          zip: contact.zip,
        },
        billingSameAsShipping: true,
        email: contact.email,
      },
    });
    // What POST and PUT /addresses and PUT /orders write, in one transaction with the checkout's own queries
    // (the services would also present the whole cart twice, which the seed has no use for).
    await db.transaction(async (tx) => {
      const cart = await lockCartForCheckout({ db: tx, owner: cartOwnerOf(actor) });
      if (!cart) throw new Error(`demo sales: order ${index} has no cart`);
      await upsertOrderAddresses({
        db: tx,
        orderId: cart.id,
        shipping: addresses.shippingAddress,
        billing: addresses.shippingAddress,
      });
      await updateCartCheckout({
        db: tx,
        orderId: cart.id,
        changes: {
          email: addresses.email,
          billingSameAsShipping: true,
          selectedShippingServiceKey: sale.shipping ?? "standard",
        },
      });
    });
    const placed = await placeOrder({ context: checkoutContext, actor });
    const orderId = placed.response.data.id;
    const reply = await payOrderByCard({
      context: paymentContext,
      actor,
      idempotencyKey: `demo-seed-sale-${index}`,
      input: orderPaymentBodySchema.parse({
        orderPayment: { processorPaymentId: placed.response.data.attributes.processorPaymentId },
        creditCardParams: DEMO_CARD,
      }),
      ip: "127.0.0.1",
    });
    if (reply.statusCode !== 201 && reply.statusCode !== 200) {
      throw new Error(`demo sales: order ${index} was not paid (${reply.statusCode})`);
    }
    // The ledger's own function, as its job would run it (the job then finds nothing more to write).
    await recordOrderEarnings({ db, orderId });
    await backdateOrder(db, orderId, sale.daysAgo, index);
    await seedDemoFulfilment(context, orderId, sale.daysAgo, index);
    seeded.push(orderId);
  }

  // The jobs the completion queued: the earnings are written, and no confirmation mail goes out for demo orders.
  await db
    .update(jobs)
    .set({ status: "succeeded", completedAt: new Date(), result: { skipped: "demo seed order" } })
    .where(
      and(
        inArray(jobs.kind, ["send_order_confirmation", "record_order_earnings"]),
        inArray(jobs.dedupeKey, seeded),
        eq(jobs.status, "pending"),
      ),
    );
  // Nor shipping mails for the history; and the history, already printed, is not printed again (the newest
  // orders keep their fulfilment start: the live print shop makes them).
  const history = DEMO_SALES.flatMap((sale, index) =>
    demoFulfilmentOf(sale.daysAgo, index) === "live" ? [] : [seeded[index] ?? ""],
  );
  await db.execute(sql`update jobs set status = 'succeeded', completed_at = now(),
      result = '{"skipped":"demo seed order"}'::jsonb
    where status = 'pending' and (kind = 'send_fulfilment_email' and payload->>'orderId' = any(${`{${seeded.join(",")}}`}::text[])
      or kind = 'start_order_fulfilment' and payload->>'orderId' = any(${`{${history.join(",")}}`}::text[]))`);
}

/**
 * Dates a just-paid order `daysAgo` days back (hours spread by its index so a day's orders differ): the order,
 * its lines, its timeline, its payment and its card charge. Nothing in the append-only ledger is changed.
 */
async function backdateOrder(db: AppContext["db"], orderId: string, daysAgo: number, index: number): Promise<void> {
  if (daysAgo === 0) return;
  const shiftMs = daysAgo * DAY_MS + ((index * 37) % 300) * 60_000;
  const shift = sql`make_interval(secs => ${shiftMs / 1000})`;
  await db.execute(sql`with moved_order as (
      update orders set created_at = created_at - ${shift}, updated_at = updated_at - ${shift},
        placed_at = placed_at - ${shift}, paid_at = paid_at - ${shift}
      where id = ${orderId} returning id
    ), moved_lines as (
      update order_line_items set created_at = created_at - ${shift}, updated_at = updated_at - ${shift}
      where order_id = ${orderId} returning id
    ), moved_steps as (
      update order_state_changes set created_at = created_at - ${shift} where order_id = ${orderId} returning id
    ), moved_payments as (
      update order_payments set created_at = created_at - ${shift}, updated_at = updated_at - ${shift}
      where order_id = ${orderId} returning processor_reference
    )
    update card_charges set created_at = created_at - ${shift}
    where id in (select processor_reference from moved_payments)`);
}
