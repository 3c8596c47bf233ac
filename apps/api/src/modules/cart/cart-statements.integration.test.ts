import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStatements, recordStatements, type StatementRecorder } from "../../../test/count-statements.ts";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";

/**
 * The SQL statements of the two hot cart requests, pinned (docs/decisions/018-cart.md and 051). Counted at the
 * driver, BEGIN and COMMIT included, the same on PGlite and PostgreSQL:
 *
 * add to cart (2): the token lookup; one statement that reads the variant with its style, running sale offers and
 *   the checks of the size and colour, and calls cart_add_line, which locks the open cart and writes the line,
 *   answering the item count. The first add of a shopper who has no
 *   cart takes one more: cart_add_line answers that there is none, and is asked again with a new order number.
 * cart read (2): the token lookup; the cart with every line, variant, design, style and sale offer.
 *
 * Neither grows with the number of lines. A change here is a decision: update the record with it.
 */
const ADD_TO_CART_STATEMENTS = 2;
const FIRST_ADD_STATEMENTS = 3;
const CART_READ_STATEMENTS = 2;

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

const SIZES = ["S", "M", "L", "XL", "2XL"];

async function addLine(token: string, variantId: number, size: string) {
  const response = await server.request("/api/v1/order_line_items", {
    method: "POST",
    token,
    body: { order_line_item: { seller_design_product_variant_id: variantId, size, color: "black" } },
  });
  expect(response.status, response.text).toBe(201);
  return response;
}

async function readCart(token: string) {
  const response = await server.request("/api/v1/shopping_cart", { token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** `action`'s statements, with the list in the failure message so a new query is easy to spot. */
describe.each([
  ["guest", async () => (await obtainGuestTokens(server)).access_token],
  [
    "customer",
    async () => {
      const user = await createTestUser(server.database.db);
      return (await signIn(server, user.email, user.password)).access_token;
    },
  ],
])("SQL statements for a %s", (_kind, obtainToken) => {
  it(`adds to the cart in ${ADD_TO_CART_STATEMENTS} statements, for a cart of 1 line and of 4 alike (${FIRST_ADD_STATEMENTS} to start one)`, async () => {
    const token = await obtainToken();
    // Five designs, so every line is another design with its own sale offers and images.
    const variants: number[] = [];
    for (let index = 0; index < 5; index++) variants.push((await buildDesign(server.database.db)).defaultVariant.id);
    // The first request of the process also loads the media URL secret: warm up on an empty cart read.
    await readCart(token);

    const first = await countStatements(recorder, () => addLine(token, variants[0] as number, "M"));
    expect(first.count, first.list).toBe(FIRST_ADD_STATEMENTS);
    const second = await countStatements(recorder, () => addLine(token, variants[1] as number, "S"));
    expect(second.count, second.list).toBe(ADD_TO_CART_STATEMENTS);
    for (const [index, variantId] of variants.slice(2, 4).entries())
      await addLine(token, variantId, SIZES[index + 1] as string);
    const fifth = await countStatements(recorder, () => addLine(token, variants[4] as number, "L"));
    expect(fifth.count, fifth.list).toBe(ADD_TO_CART_STATEMENTS);
    // Adding to an existing line is the same path.
    const again = await countStatements(recorder, () => addLine(token, variants[4] as number, "L"));
    expect(again.count, again.list).toBe(ADD_TO_CART_STATEMENTS);
  });

  it(`reads the cart in ${CART_READ_STATEMENTS} statements, with no line, one line or five`, async () => {
    const token = await obtainToken();
    await readCart(token);
    const empty = await countStatements(recorder, () => readCart(token));
    expect(empty.count, empty.list).toBe(CART_READ_STATEMENTS);

    const variants: number[] = [];
    for (let index = 0; index < 5; index++) variants.push((await buildDesign(server.database.db)).defaultVariant.id);
    await addLine(token, variants[0] as number, "M");
    const one = await countStatements(recorder, () => readCart(token));
    expect(one.count, one.list).toBe(CART_READ_STATEMENTS);

    for (const variantId of variants.slice(1)) await addLine(token, variantId, "L");
    let cart: { included: unknown[] } = { included: [] };
    const five = await countStatements(recorder, async () => {
      cart = await readCart(token);
    });
    expect(cart.included).toHaveLength(5);
    expect(five.count, five.list).toBe(CART_READ_STATEMENTS);
  });
});
