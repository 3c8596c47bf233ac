import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildDesign } from "../../../test/factories/catalogue.ts";
import { buildPaidOrder } from "../../../test/factories/paid-orders.ts";
import { buildPlacedOrder } from "../../../test/factories/placed-orders.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens } from "../../../test/oauth-client.ts";
import { deliverAndReadLatestEmail, temporaryDataDir } from "../../../test/outbox.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { jobs } from "../../db/schema/index.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { reconcileOrderLedger } from "../earnings/reconcile-order-ledger.ts";
import { getOrderAccessSecret, verifyOrderAccessToken } from "./order-link.ts";
import { sendOrderConfirmation } from "./send-order-confirmation.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer({
    env: { DATA_DIR: temporaryDataDir(), BRAND_NAME: "Inkwell", PUBLIC_URL: "https://shop.example" },
  });
});

afterAll(async () => {
  await server.close();
});

/** What the completion path does in its transaction: enqueue the confirmation, keyed by the order id. */
async function completeOrder(orderId: string) {
  return enqueueJob(server.context.db, "send_order_confirmation", { orderId }, { dedupeKey: orderId });
}

/** Runs the queue until it is idle (the confirmation job queues the e-mail, the next pass sends it). */
async function drainQueue() {
  while ((await server.context.jobs.processDue()) > 0) {}
}

function outboxFilesFor(to: string): string[] {
  const dir = path.join(server.config.DATA_DIR, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .filter((name) => fs.readFileSync(path.join(dir, name), "utf8").includes(to));
}

describe("the order confirmation e-mail", () => {
  it("tells a customer what they bought, what they paid, where it goes, and links to the order, once", async () => {
    const db = server.context.db;
    const user = await createTestUser(db, { firstName: "Ada", email: "ada.buyer@example.com" });
    const artist = await buildArtist(db, { displayName: "Mira Sol" });
    const tee = await buildDesign(db, { artist, displayName: "Moth & <Lantern>", priceCents: 2499 });
    const hoodie = await buildDesign(db, {
      artist,
      displayName: "Tidepool",
      garmentStyleKeys: ["hoodie"],
      priceCents: 4999,
    });
    const { order, lines } = await buildPaidOrder(db, {
      user,
      lines: [
        { variant: tee.defaultVariant, quantity: 2, unitSalePriceCents: 1999, size: "L", color: "royal_blue" },
        { variant: hoodie.defaultVariant, quantity: 1, size: "M", color: "black" },
      ],
      discountCents: 500,
      shippingCents: 799,
      taxCents: 615,
      shippingServiceKey: "expedited",
      payment: { kind: "card", brand: "visa", last4: "4242" },
      shippingAddress: {
        firstName: "Grace",
        lastName: "Hopper",
        address1: "12 Main St",
        address2: "Apt 2",
        city: "Saint Paul",
        state: "MN",
        zip: "55102",
      },
      billingAddress: {
        firstName: "Ada",
        lastName: "Lovelace",
        address1: "1 Analytical Way",
        address2: "",
        city: "Austin",
        state: "TX",
        zip: "78701",
      },
    });
    expect(order.totalCents).toBe(3998 + 4999 - 500 + 799 + 615);

    await completeOrder(order.id);
    await completeOrder(order.id);
    await drainQueue();
    const message = await deliverAndReadLatestEmail(server, "ada.buyer@example.com");

    expect(message.subject).toBe(`Your Inkwell order ${order.orderNumber}`);
    const { text, html } = message;
    expect(text).toContain("Hi Ada,");
    expect(text).toContain("2 x Moth & <Lantern>: Men's T-Shirt · Royal Blue · Size L");
    expect(text).toContain("$19.99 each (was $24.99), $39.98");
    expect(text).toContain("1 x Tidepool: Unisex Pullover Hoodie · Black · Size M");
    expect(text).toContain("$49.99 each, $49.99");
    for (const line of ["Items: $89.97", "Discount: -$5.00", "Shipping: $7.99", "Tax: $6.15", "Total: $99.11"]) {
      expect(text).toContain(line);
    }
    expect(text).toContain("Shipping method: Expedited (6-8 business days)");
    expect(text).toContain("Paid with: Visa ending 4242");
    expect(text).toContain(
      "Shipping address:\n  Grace Hopper\n  12 Main St, Apt 2\n  Saint Paul, MN 55102\n  UNITED STATES",
    );
    expect(text).toContain("Billing address:\n  Ada Lovelace\n  1 Analytical Way\n  Austin, TX 78701");
    expect(message.links).toContain(`https://shop.example/my-profile/orders/${order.orderNumber}`);
    expect(message.links).toContain("https://shop.example/refund-policy");

    // HTML: every value escaped, the same links, and each line's own purchase pictured at a permanent URL on
    // PUBLIC_URL: no signature, no expiry (decision 067).
    expect(html).toContain("Moth &#38; &#60;Lantern&#62;");
    expect(html).not.toContain("<Lantern>");
    const images = [...html.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]);
    expect(images).toEqual(lines.map((line) => `https://shop.example/media/purchases/${line.uuid}.jpg`));
    expect(html).toContain(`href="https://shop.example/my-profile/orders/${order.orderNumber}"`);
    expect(html).toContain('href="https://shop.example/refund-policy"');
    for (const amount of ["$39.98", "$49.99", "-$5.00", "$7.99", "$6.15", "$99.11", "Visa ending 4242"]) {
      expect(html).toContain(amount);
    }
    expect(html).toContain("Expedited (6-8 business days)");
    expect(html).toContain("1 Analytical Way");

    // Exactly once: the job twice, the handler again by hand, and the queue drained: one e-mail.
    await server.context.jobs.processDue();
    const confirmations = await db.select().from(jobs).where(eq(jobs.kind, "send_order_confirmation"));
    expect(confirmations.filter((job) => job.dedupeKey === order.id)).toHaveLength(1);
    expect(await sendOrderConfirmation({ db, config: server.config, orderId: order.id })).toBeNull();
    await drainQueue();
    expect(outboxFilesFor("ada.buyer@example.com")).toHaveLength(1);
  });

  it("gives a guest a signed link to the order and names PayPal", async () => {
    const db = server.context.db;
    const { order } = await buildPaidOrder(db, {
      guest: true,
      email: "guest.buyer@example.com",
      payment: { kind: "paypal" },
      shippingAddress: { firstName: "Lin" },
    });
    await completeOrder(order.id);
    await drainQueue();
    const message = await deliverAndReadLatestEmail(server, "guest.buyer@example.com");
    expect(message.text).toContain("Hi Lin,");
    expect(message.text).toContain("Paid with: PayPal");
    expect(message.text).not.toContain("Discount");
    const link = message.links.find((candidate) => candidate.includes("/orders/"));
    expect(link).toBeDefined();
    const url = new URL(link as string);
    expect(url.origin + url.pathname).toBe(`https://shop.example/orders/${order.orderNumber}`);
    const secret = await getOrderAccessSecret({ db, config: server.config });
    expect(verifyOrderAccessToken(secret, order.id, url.searchParams.get("token"))).toBe(true);
    expect(message.html).toContain(`href="${link?.replaceAll("&", "&#38;")}"`);
    expect(outboxFilesFor("guest.buyer@example.com")).toHaveLength(1);
  });

  it("sends nothing for an order that was never paid (the job fails and is kept for support)", async () => {
    const db = server.context.db;
    const user = await createTestUser(db);
    const { order } = await buildPlacedOrder(db, { email: "unpaid@example.com", state: "cancelled", userId: user.id });
    await completeOrder(order.id);
    await server.context.jobs.processDue();
    const [job] = await db.select().from(jobs).where(eq(jobs.dedupeKey, order.id));
    expect(job?.lastError).toMatch(/cancelled, not paid/);
    expect(outboxFilesFor("unpaid@example.com")).toHaveLength(0);
  });

  it("follows a guest's card purchase through the API: one e-mail with a signed link, and a balanced ledger", async () => {
    const db = server.context.db;
    const token = (await obtainGuestTokens(server)).access_token;
    const { defaultVariant } = await buildDesign(db, { displayName: "Night Heron", priceCents: 2800 });
    const added = await server.request("/api/v1/order_line_items", {
      method: "POST",
      token,
      body: {
        order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "navy", quantity: 2 },
      },
    });
    expect(added.status, added.text).toBe(201);
    const shippingAddress = {
      first_name: "Kim",
      last_name: "Park",
      address1: "1 Main St",
      address2: "",
      city: "Brooklyn",
      state: "NY",
      zip: "11201",
    };
    const saved = await server.request("/api/v1/addresses", {
      method: "POST",
      token,
      body: {
        addresses: {
          shipping_address: shippingAddress,
          billing_same_as_shipping: true,
          email: "kim.guest@example.com",
        },
      },
    });
    expect(saved.status, saved.text).toBe(201);
    const placed = await server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
    expect(placed.status, placed.text).toBe(201);
    const { id: orderId, attributes } = placed.body.data as {
      id: string;
      attributes: { order_number: string; processor_payment_id: string; order_total: string };
    };
    const paid = await server.request("/api/v1/order_payments", {
      method: "POST",
      token,
      headers: { "idempotency-key": crypto.randomUUID() },
      body: {
        order_payment: { processor_payment_id: attributes.processor_payment_id },
        credit_card_params: { credit_card_number: "4242424242424242", expiration_date: "1239", cvc: "123" },
      },
    });
    expect(paid.status, paid.text).toBe(201);

    await drainQueue();
    expect(outboxFilesFor("kim.guest@example.com")).toHaveLength(1);
    const message = await deliverAndReadLatestEmail(server, "kim.guest@example.com");
    expect(message.subject).toBe(`Your Inkwell order ${attributes.order_number}`);
    expect(message.text).toContain("2 x Night Heron: Men's T-Shirt · Navy · Size M");
    expect(message.text).toContain(`Total: ${attributes.order_total}`);
    expect(message.text).toContain("Paid with: Visa ending 4242");
    const link = new URL(message.links.find((candidate) => candidate.includes("/orders/")) as string);
    expect(link.pathname).toBe(`/orders/${attributes.order_number}`);
    const secret = await getOrderAccessSecret({ db, config: server.config });
    expect(verifyOrderAccessToken(secret, orderId, link.searchParams.get("token"))).toBe(true);

    const reconciliation = await reconcileOrderLedger({ db, orderId });
    expect(reconciliation.problems).toEqual([]);
    // 2 x $28.00 on a $10.50 garment: 80 % of the $35.00 margin is the artist's.
    expect(reconciliation.figures.artistEarningsCents).toBe(2800);
    expect(reconciliation.figures.productionCostCents).toBe(2100);
  });
});
