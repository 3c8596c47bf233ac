import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStatements, recordStatements, type StatementRecorder } from "../../../test/count-statements.ts";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { addressesBody } from "../../../test/factories/checkout.ts";
import { obtainGuestTokens } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { CARD_FINGERPRINT_SECRET } from "../../adapters/card/card.ts";
import { getAppSecret } from "../../lib/app-secrets.ts";

/**
 * The SQL statements of placing an order of 5 lines and paying it by card with the local processor, pinned
 * (issue 13, deliverable 10: 15 or fewer for the two; decision 028). Counted at the driver, BEGIN and COMMIT
 * included, the same on PGlite and PostgreSQL; neither grows with the number of lines.
 *
 * place (6): the token; BEGIN; the cart locked, with the names of lines no longer on sale and the order placed
 *   from it that awaits payment; the cart read (prepared); the order, its frozen copy of the lines (prices, base
 *   costs, artwork version) and addresses, and its first timeline step in one statement; COMMIT.
 * pay (9): the token; BEGIN; the order locked with this key's earlier attempt and whether its cart changed; the
 *   payer's and the address's decline-limit locks (decision 053: counted atomically); the two counts, read after
 *   the locks; the attempt, the order marked as being paid and the reconciliation job in one statement; COMMIT;
 *   the local processor's charge; the completion (order paid, payment captured, what was bought out of the cart,
 *   timeline, e-mail and earnings jobs) in one statement.
 */
const PLACE_ORDER_STATEMENTS = 6;
const PAY_BY_CARD_STATEMENTS = 9;

let server: TestServer;
let recorder: StatementRecorder;

beforeAll(async () => {
  // Every request looks its token up (no access-token cache), so the pinned counts are the same on every run.
  server = await getTestServer({ env: { ACCESS_TOKEN_CACHE_SECONDS: "0" } });
  recorder = recordStatements(server.database);
});

afterAll(async () => {
  recorder.restore();
  await server.close();
});

describe("SQL statements of a purchase", () => {
  it("places an order of 5 lines and pays it by card", async () => {
    const token = (await obtainGuestTokens(server)).access_token;
    for (let index = 0; index < 5; index++) {
      const { defaultVariant } = await buildDesign(server.database.db, { priceCents: 2000 + index * 100 });
      const added = await server.request("/api/v1/order_line_items", {
        method: "POST",
        token,
        body: { order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black" } },
      });
      expect(added.status, added.text).toBe(201);
    }
    const saved = await server.request("/api/v1/addresses", {
      method: "POST",
      token,
      body: addressesBody(),
    });
    expect(saved.status, saved.text).toBe(201);
    // The card fingerprint key is read from the database once per process: not part of a purchase.
    await getAppSecret({ db: server.database.db, config: server.config, purpose: CARD_FINGERPRINT_SECRET });

    let processorPaymentId = "";
    const place = await countStatements(recorder, async () => {
      const placed = await server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
      expect(placed.status, placed.text).toBe(201);
      processorPaymentId = placed.body.data.attributes.processor_payment_id;
    });
    const pay = await countStatements(recorder, async () => {
      const paid = await server.request("/api/v1/order_payments", {
        method: "POST",
        token,
        headers: { "idempotency-key": randomUUID() },
        body: {
          order_payment: { processor_payment_id: processorPaymentId },
          credit_card_params: { credit_card_number: "4242424242424242", expiration_date: "1239", cvc: "123" },
        },
      });
      expect(paid.status, paid.text).toBe(201);
    });
    expect(place.count, place.list).toBe(PLACE_ORDER_STATEMENTS);
    expect(pay.count, pay.list).toBe(PAY_BY_CARD_STATEMENTS);
    expect(PLACE_ORDER_STATEMENTS + PAY_BY_CARD_STATEMENTS).toBeLessThanOrEqual(15);
  });
});
