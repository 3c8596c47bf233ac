// The mixed money run of `npm run chaos` (issue 24, decision 053): each race places a guest's order, opens and
// approves a PayPal order for it, then fires at once a card payment, the PayPal capture, and, at random, an add to
// cart (an edit during payment) and a sign-in to a demo account (the guest cart merges into the account's). Kills
// land between and during races. The replies are not trusted: after the run the server settles what it must
// (reconciliation and refund jobs), then `ledger:check` reads the books: 0 findings, or the run fails.
import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "./lib.mjs";

const CLIENT_ID = process.env.OAUTH_CLIENT_ID ?? "threadfolk-web";
const CLIENT_SECRET = process.env.OAUTH_CLIENT_SECRET ?? "threadfolk-web-public-client-secret";
const DEMO_SHOPPER = { email: "shopper@threadfolk.test", password: "threadfolk-demo" };
const ADDRESS = {
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "1 Main St",
  address2: "",
  city: "Albany",
  state: "NY",
  zip: "12207",
};
const REQUEST_TIMEOUT_MS = 20_000;

async function send(baseUrl, method, pathname, { token, body, headers = {} } = {}) {
  const all = { accept: "application/json", ...headers };
  if (token) all.authorization = `Bearer ${token}`;
  if (body !== undefined) all["content-type"] = "application/json";
  try {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: all,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    let payload;
    try {
      payload = await response.json();
    } catch {
      payload = undefined;
    }
    return { status: response.status, body: payload };
  } catch (error) {
    return { status: 0, error: error.cause?.code ?? error.name };
  }
}

/** Figures of the money run: races started and finished, and what the parallel payments answered. */
export function createMoneyFigures() {
  return {
    races: 0,
    completed: 0,
    cardPaid: 0,
    paypalPaid: 0,
    bothAnswered201: 0,
    merges: 0,
    edits: 0,
    lost: 0,
    answers: { card: {}, paypal: {} },
  };
}

/**
 * One money client: `step()` runs one race against `context.baseUrl` (which changes across restarts). A step cut
 * by a kill simply ends; the books are checked at the end, not the replies.
 */
export class MoneyClient {
  constructor({ random, catalogue, context, figures, target }) {
    Object.assign(this, { random, catalogue, context, figures, target });
  }

  get done() {
    return this.figures.races >= this.target;
  }

  async step() {
    if (this.done) return new Promise((resolve) => setTimeout(resolve, 200));
    this.figures.races += 1;
    const base = () => this.context.baseUrl;
    const lost = () => {
      this.figures.lost += 1;
    };
    const guest = await send(base(), "POST", "/oauth/token", {
      body: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, grant_type: "password", guest: true },
    });
    if (guest.status !== 200) return lost();
    const token = guest.body.access_token;
    const variantId = this.random.pick(this.catalogue.variantIds);
    const line = { seller_design_product_variant_id: variantId, size: "M", color: "black" };
    const added = await send(base(), "POST", "/api/v1/order_line_items", { token, body: { order_line_item: line } });
    if (added.status !== 201) return lost();
    const saved = await send(base(), "POST", "/api/v1/addresses", {
      token,
      body: { addresses: { shipping_address: ADDRESS, billing_same_as_shipping: true, email: "chaos@example.com" } },
    });
    if (saved.status >= 300 || saved.status === 0) return lost();
    const placed = await send(base(), "POST", "/api/v1/orders", { token, body: { order: {} } });
    if (placed.status !== 201 && placed.status !== 200) return lost();
    const processorPaymentId = placed.body.data.attributes.processor_payment_id;
    const opened = await send(base(), "POST", "/api/v1/pay_pal_orders", {
      token,
      body: { pay_pal_order: { processor_payment_id: processorPaymentId } },
    });
    if (opened.status !== 201) return lost();
    const paypalOrderId = opened.body.data.id;
    const approved = await send(base(), "POST", "/paypal-sandbox/checkoutnow", {
      body: { token: paypalOrderId, outcome: "approve" },
    });
    if (approved.status >= 300 || approved.status === 0) return lost();

    // Either may start first, by up to 0.3 s, so that each method wins some races and meets the other in flight.
    const lead = this.random.int(-300, 300);
    const cardDelay = Math.max(0, lead);
    const paypalDelay = Math.max(0, -lead);
    const racers = [
      new Promise((resolve) => setTimeout(resolve, cardDelay)).then(() =>
        send(base(), "POST", "/api/v1/order_payments", {
          token,
          headers: { "idempotency-key": `chaos-${Date.now()}-${this.random.int(0, 1e9)}` },
          body: {
            order_payment: { processor_payment_id: processorPaymentId },
            credit_card_params: { credit_card_number: "4242424242424242", expiration_date: "1239", cvc: "123" },
          },
        }),
      ),
      new Promise((resolve) => setTimeout(resolve, paypalDelay)).then(() =>
        send(base(), "POST", "/api/v1/pay_pal_order_payments", {
          token,
          body: {
            request_id: paypalOrderId,
            payment_amount: "0.01",
            payment_currancy: "USD",
            request_status: "COMPLETED",
          },
        }),
      ),
    ];
    if (this.random.next() < 0.5) {
      this.figures.edits += 1;
      racers.push(
        send(base(), "POST", "/api/v1/order_line_items", {
          token,
          body: { order_line_item: { ...line, size: this.random.pick(["S", "L", "XL"]) } },
        }),
      );
    }
    if (this.random.next() < 0.3) {
      this.figures.merges += 1;
      racers.push(
        send(base(), "POST", "/oauth/token", {
          token,
          body: {
            client_id: CLIENT_ID,
            client_secret: CLIENT_SECRET,
            grant_type: "password",
            email: DEMO_SHOPPER.email,
            password: DEMO_SHOPPER.password,
          },
        }),
      );
    }
    const [card, paypal] = await Promise.all(racers);
    if (card.status === 201) this.figures.cardPaid += 1;
    if (paypal.status === 201) this.figures.paypalPaid += 1;
    if (card.status === 201 && paypal.status === 201) this.figures.bothAnswered201 += 1;
    const tally = (name, status) => {
      this.figures.answers[name][status] = (this.figures.answers[name][status] ?? 0) + 1;
    };
    tally("card", card.status);
    tally("paypal", paypal.status);
    this.figures.completed += 1;
  }
}

/**
 * Waits until nothing is in flight in the books (payments `processing`, refunds `pending`): the server's
 * reconciliation and refund jobs settle what a kill cut short. Answers what was still in flight at the end.
 */
export async function waitForSettledBooks(withQuery, { timeoutMs = 120_000 } = {}) {
  const startedAt = Date.now();
  let left = { payments: -1, refunds: -1 };
  while (Date.now() - startedAt < timeoutMs) {
    left = await withQuery(async (query) => {
      const [row] = await query(
        `select (select count(*) from order_payments where status = 'processing')::int as payments,
          (select count(*) from payment_refunds where status = 'pending')::int as refunds`,
      );
      return { payments: Number(row.payments), refunds: Number(row.refunds) };
    });
    if (left.payments === 0 && left.refunds === 0) return left;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return left;
}

/** Runs the built `ledger:check` against the database in `env`; answers its exit code and output. */
export function runLedgerCheck(env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "apps/api/dist/ledger-check.js")], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("exit", (code) => resolve({ code, output: output.trim() }));
  });
}
