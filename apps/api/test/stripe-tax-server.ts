import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Stripe Tax's calculations API (decision 023), for the tax contract suite: it checks
 * every request the way Stripe documents it (secret key, form encoding, the bracketed parameters, amounts in
 * integer cents) and answers a `tax.calculation` with its own small set of jurisdictions, independent of the
 * project's table. A request it cannot take is answered 400 with Stripe's error shape and recorded as refused.
 */

/** The jurisdictions this stand-in knows; any other address is taxed at 0, as Stripe does where not registered. */
const JURISDICTIONS: Record<string, { rateThousandths: bigint; clothingExempt: boolean; shippingTaxable: boolean }> = {
  CA: { rateThousandths: 8850n, clothingExempt: false, shippingTaxable: false },
  TX: { rateThousandths: 8200n, clothingExempt: false, shippingTaxable: true },
  MN: { rateThousandths: 8035n, clothingExempt: true, shippingTaxable: true },
  OR: { rateThousandths: 0n, clothingExempt: false, shippingTaxable: false },
};
const CLOTHING = "txcd_30011000";
/** Stripe's page size of an expanded list. */
const EXPANDED_PAGE_SIZE = 10;

export type RecordedStripeRequest = {
  method: string;
  path: string;
  form: URLSearchParams;
  /** The `Stripe-Version` header, when sent. */
  stripeVersion?: string | undefined;
  refused?: string;
};

export type LocalStripeTax = {
  url: string;
  secretKey: string;
  received: RecordedStripeRequest[];
  /** Answer every request with this status and a Stripe error (unset: answer normally). */
  failWith: number | undefined;
  /** Wait this long before answering. */
  delayMs: number;
  /** Add this many cents to the calculation's total (a reply whose lines do not add up). */
  skewTotal: number;
  close(): Promise<void>;
};

type LineItem = {
  id: string;
  object: "tax.calculation_line_item";
  amount: number;
  amount_tax: number;
  livemode: false;
  product: null;
  quantity: number;
  reference: string;
  tax_behavior: string;
  tax_code: string;
};

class Refusal extends Error {}

function taxOf(amount: number, rateThousandths: bigint): number {
  // Half-up on exact integers, as Stripe rounds tax amounts.
  return Number((2n * BigInt(amount) * rateThousandths + 100_000n) / 200_000n);
}

function integerParameter(form: URLSearchParams, key: string, minimum: number): number {
  const value = form.get(key);
  if (value === null || !/^\d+$/.test(value) || Number(value) < minimum) {
    throw new Refusal(`Invalid integer: ${key}`);
  }
  return Number(value);
}

const KNOWN_KEY =
  /^(currency|customer_details\[address\]\[(line1|line2|city|state|postal_code|country)\]|customer_details\[address_source\]|line_items\[\d+\]\[(amount|quantity|reference|tax_code|tax_behavior)\]|shipping_cost\[(amount|tax_behavior|tax_code)\]|expand\[\d*\])$/;

/** The values of `expand`, sent as `expand[]` or, as the stripe package does, `expand[0]`, `expand[1]`, …. */
const expandOf = (form: URLSearchParams) =>
  [...form].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);

/** Checks a calculation request as Stripe would and works out its answer. */
function calculate(form: URLSearchParams, sequence: number) {
  for (const key of form.keys()) if (!KNOWN_KEY.test(key)) throw new Refusal(`Received unknown parameter: ${key}`);
  if (form.get("currency") !== "usd") throw new Refusal("Invalid currency");
  const country = form.get("customer_details[address][country]");
  const state = form.get("customer_details[address][state]") ?? "";
  if (country !== "US" && country !== "PR") throw new Refusal("customer_details[address][country] is invalid");
  if (country === "US" && !/^[A-Z]{2}$/.test(state)) throw new Refusal("customer_details[address][state] is invalid");
  if (!/^\d{5}(-\d{4})?$/.test(form.get("customer_details[address][postal_code]") ?? "")) {
    throw new Refusal("customer_details[address][postal_code] is invalid");
  }
  if (!["shipping", "billing"].includes(form.get("customer_details[address_source]") ?? "")) {
    throw new Refusal("customer_details[address_source] is invalid");
  }
  for (const value of expandOf(form)) if (value !== "line_items") throw new Refusal(`Cannot expand ${value}`);
  const jurisdiction = JURISDICTIONS[state] ?? { rateThousandths: 0n, clothingExempt: false, shippingTaxable: false };
  const lineCount = new Set([...form.keys()].flatMap((key) => /^line_items\[(\d+)\]/.exec(key)?.[1] ?? [])).size;
  const references = new Set<string>();
  const lineItems: LineItem[] = [];
  for (let index = 0; index < lineCount; index++) {
    const key = `line_items[${index}]`;
    const amount = integerParameter(form, `${key}[amount]`, 0);
    const quantity = integerParameter(form, `${key}[quantity]`, 1);
    const reference = form.get(`${key}[reference]`) ?? "";
    if (!reference || references.has(reference)) throw new Refusal(`${key}[reference] must be unique`);
    references.add(reference);
    const taxCode = form.get(`${key}[tax_code]`) ?? "";
    if (!/^txcd_\d{8}$/.test(taxCode)) throw new Refusal(`${key}[tax_code] is invalid`);
    const behavior = form.get(`${key}[tax_behavior]`) ?? "";
    if (!["exclusive", "inclusive"].includes(behavior)) throw new Refusal(`${key}[tax_behavior] is invalid`);
    const exempt = jurisdiction.clothingExempt && taxCode === CLOTHING;
    lineItems.push({
      id: `tax_li_${sequence}_${index}`,
      object: "tax.calculation_line_item",
      amount,
      amount_tax: exempt ? 0 : taxOf(amount, jurisdiction.rateThousandths),
      livemode: false,
      product: null,
      quantity,
      reference,
      tax_behavior: behavior,
      tax_code: taxCode,
    });
  }
  if (lineItems.length === 0) throw new Refusal("line_items is required");
  const shipping = form.has("shipping_cost[amount]") ? integerParameter(form, "shipping_cost[amount]", 0) : 0;
  const anyTaxable = lineItems.some((item) => !(jurisdiction.clothingExempt && item.tax_code === CLOTHING));
  const shippingTax = jurisdiction.shippingTaxable && anyTaxable ? taxOf(shipping, jurisdiction.rateThousandths) : 0;
  const taxTotal = lineItems.reduce((sum, item) => sum + item.amount_tax, shippingTax);
  const amountTotal = lineItems.reduce((sum, item) => sum + item.amount, shipping) + taxTotal;
  return { lineItems, shippingTax, shipping, taxTotal, amountTotal };
}

export async function startStripeTaxServer(): Promise<LocalStripeTax> {
  const calculations = new Map<string, LineItem[]>();
  let sequence = 0;
  const stub: LocalStripeTax = {
    url: "",
    secretKey: "sk_test_localStripeTax123",
    received: [],
    failWith: undefined,
    delayMs: 0,
    skewTotal: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const send = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const error = (message: string) => ({ error: { type: "invalid_request_error", message } });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const method = request.method ?? "GET";
      const form = new URLSearchParams(method === "POST" ? Buffer.concat(chunks).toString("utf8") : url.search);
      const stripeVersion = request.headers["stripe-version"] as string | undefined;
      const recorded: RecordedStripeRequest = { method, path: url.pathname, form, stripeVersion };
      stub.received.push(recorded);
      const answer = () => {
        if (stub.failWith) return send(response, stub.failWith, { error: { type: "api_error", message: "down" } });
        if (request.headers.authorization !== `Bearer ${stub.secretKey}`) {
          recorded.refused = "key";
          return send(response, 401, error("Invalid API Key provided"));
        }
        try {
          // Stripe's API versions look like 2026-10-28.endive (older ones: a date alone).
          if (stripeVersion !== undefined && !/^\d{4}-\d\d-\d\d(\.[a-z]+)?$/.test(stripeVersion)) {
            throw new Refusal(`Invalid Stripe API version: ${stripeVersion.slice(0, 40)}`);
          }
          if (method === "POST" && url.pathname === "/v1/tax/calculations") {
            if (request.headers["content-type"] !== "application/x-www-form-urlencoded") {
              throw new Refusal("Stripe takes form-encoded bodies");
            }
            sequence += 1;
            const result = calculate(form, sequence);
            const id = `taxcalc_${sequence}`;
            calculations.set(id, result.lineItems);
            const expanded = expandOf(form).includes("line_items");
            return send(response, 200, {
              id,
              object: "tax.calculation",
              amount_total: result.amountTotal,
              currency: "usd",
              livemode: false,
              shipping_cost: {
                amount: result.shipping,
                amount_tax: result.shippingTax,
                tax_behavior: form.get("shipping_cost[tax_behavior]") ?? "exclusive",
                tax_code: form.get("shipping_cost[tax_code]") ?? "txcd_92010001",
              },
              tax_amount_exclusive: result.taxTotal + stub.skewTotal,
              tax_amount_inclusive: 0,
              line_items: expanded
                ? {
                    object: "list",
                    data: result.lineItems.slice(0, EXPANDED_PAGE_SIZE),
                    has_more: result.lineItems.length > EXPANDED_PAGE_SIZE,
                    url: `/v1/tax/calculations/${id}/line_items`,
                  }
                : null,
            });
          }
          const page = /^\/v1\/tax\/calculations\/([^/]+)\/line_items$/.exec(url.pathname);
          if (method === "GET" && page) {
            const items = calculations.get(decodeURIComponent(page[1] ?? ""));
            if (!items) return send(response, 404, error("No such tax calculation"));
            const limit = integerParameter(form, "limit", 1);
            const after = form.get("starting_after");
            const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
            if (after && start === 0) throw new Refusal("starting_after is not a line item of this calculation");
            const data = items.slice(start, start + limit);
            return send(response, 200, {
              object: "list",
              data,
              has_more: start + data.length < items.length,
              url: url.pathname,
            });
          }
          recorded.refused = "route";
          return send(response, 404, error(`Unrecognized request URL (${method}: ${url.pathname})`));
        } catch (caught) {
          if (!(caught instanceof Refusal)) throw caught;
          recorded.refused = caught.message;
          return send(response, 400, error(caught.message));
        }
      };
      if (stub.delayMs > 0) setTimeout(answer, stub.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}
