import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPaidOrder } from "../../../test/factories/paid-orders.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { orderPayments, promoCodeRedemptions, promoCodes } from "../../db/schema/index.ts";
import { findPromoCode } from "./quote-cart.ts";

/**
 * A code's redemption counts are its own (a regression: the counts' subqueries once compared the redemption's code
 * with itself, because drizzle writes the one table's columns unqualified, so every use of any code counted).
 */
let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

describe("a promo code's redemption counts", () => {
  it("count the uses of that code only, in all and by the payer", async () => {
    const db = server.database.db;
    await db.insert(promoCodes).values([
      { code: "COUNTA10", kind: "percent_off", percentOff: 10, maxRedemptionsPerCustomer: 1 },
      { code: "COUNTB10", kind: "percent_off", percentOff: 10, maxRedemptionsPerCustomer: 1 },
    ]);
    const { order } = await buildPaidOrder(db);
    const [payment] = await db
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id));
    await db.insert(promoCodeRedemptions).values({
      code: "COUNTB10",
      orderId: order.id,
      paymentId: payment?.id as string,
      payerKey: "email:ada@example.com",
      status: "redeemed",
      discountCents: 250,
      giftCardCents: 0,
    });
    const other = await findPromoCode({ db, code: "COUNTA10", payerKey: "email:ada@example.com" });
    expect(other?.rule.redemptions).toBe(0);
    expect(other?.payerRedemptions).toBe(0);
    const used = await findPromoCode({ db, code: "COUNTB10", payerKey: "email:ada@example.com" });
    expect(used?.rule.redemptions).toBe(1);
    expect(used?.payerRedemptions).toBe(1);
    const someoneElse = await findPromoCode({ db, code: "COUNTB10", payerKey: "email:bo@example.com" });
    expect(someoneElse?.payerRedemptions).toBe(0);
  });
});
