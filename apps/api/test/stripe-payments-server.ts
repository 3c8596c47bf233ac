import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Stripe's PaymentMethods, PaymentIntents, Refunds and PaymentIntent search (decisions 026
 * and 061), for the card contract suite and the Stripe-mode payment tests. It speaks the wire protocol as Stripe
 * documents it and checks every request as Stripe does: the key (bearer, or basic with the key as user name),
 * what each kind of key may do (a publishable key only creates PaymentMethods, as Stripe.js does in the
 * browser; a secret key sending raw card numbers is refused, as on an account without access to the raw card
 * data APIs), form-encoded bodies with bracketed keys, known parameters only, amounts in integer cents, the
 * `Stripe-Version` header's form, and `Idempotency-Key` semantics (the same key with the same parameters replays
 * the first answer with `Idempotent-Replayed: true`; with other parameters it is a 400 `idempotency_error`;
 * validation failures are not saved). Card checks and test numbers are its own, written from Stripe's testing
 * page, independent of the project's card rules.
 */

export type RecordedStripePaymentRequest = {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  /** The `Stripe-Version` header, when sent. */
  stripeVersion: string | undefined;
  replayed: boolean;
  status: number;
};

type Card = {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: string;
  fingerprint: string;
};

type PaymentMethod = {
  id: string;
  object: "payment_method";
  type: "card";
  card: Card;
  created: number;
  customer: null;
  livemode: false;
  metadata: Record<string, string>;
};

type PaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  capture_method: string;
  confirmation_method: "automatic";
  created: number;
  currency: string;
  description: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string;
  payment_method_types: string[];
  status: "succeeded" | "requires_payment_method" | "requires_action";
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  latest_charge: string | null;
};

type Charge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  paid: boolean;
  payment_intent: string;
  refunded: boolean;
  status: "succeeded" | "failed";
  payment_method_details: { type: "card"; card: Card };
};

export type LocalStripePayments = {
  url: string;
  secretKey: string;
  /** The account's publishable key: what Stripe.js uses in the browser to create PaymentMethods. */
  publishableKey: string;
  /** Stripe's fingerprint of a card number on this account (16 characters, the same for the same number). */
  fingerprintOf(number: string): string;
  /** Creates a PaymentMethod with the publishable key, as Stripe.js does from the card fields; its id. */
  createPaymentMethod(card: { number: string; expMonth: number; expYear: number; cvc: string }): Promise<string>;
  received: RecordedStripePaymentRequest[];
  /** The PaymentIntents made, by id (a replay makes none). */
  paymentIntents: Map<string, PaymentIntent>;
  paymentMethods: Map<string, PaymentMethod & { number: string }>;
  refunds: Map<string, { id: string; amount: number; payment_intent: string }>;
  /** Answer every request with this status and a Stripe `api_error` (unset: answer normally). */
  failWith: number | undefined;
  /**
   * Process every request to this path, then close the connection without answering (a lost reply), until
   * unset. (The `stripe` package repeats a request once, with the same key, when its connection closes.)
   */
  loseReplyTo: string | undefined;
  /** Wait this long before answering. */
  delayMs: number;
  close(): Promise<void>;
};

class StripeError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeError(400, {
    type: "invalid_request_error",
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });

/** Stripe's test cards (https://docs.stripe.com/testing) this stand-in knows, by number. */
const DECLINES: Record<string, { code: string; decline_code?: string; message: string }> = {
  "4000000000000002": { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  "4000000000009995": {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  "4000000000009987": { code: "card_declined", decline_code: "lost_card", message: "Your card was declined." },
  "4000000000000069": { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
  "4000000000000127": {
    code: "incorrect_cvc",
    decline_code: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
  },
  "4000000000000119": {
    code: "processing_error",
    decline_code: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};
/** Cards that always ask for 3-D Secure. */
const AUTHENTICATION_REQUIRED = new Set(["4000002760003184", "4000002500003155"]);

function luhn(number: string): boolean {
  let total = 0;
  [...number].reverse().forEach((character, position) => {
    const value = Number(character) * (position % 2 ? 2 : 1);
    total += value > 9 ? value - 9 : value;
  });
  return total % 10 === 0;
}

function brandOf(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^3[47]/.test(number)) return "amex";
  if (/^5[1-5]/.test(number) || /^2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720)/.test(number)) return "mastercard";
  if (/^(6011|65|64[4-9])/.test(number)) return "discover";
  return "unknown";
}

const PAYMENT_INTENT_KEYS =
  /^(amount|currency|confirm|capture_method|description|error_on_requires_action|payment_method|return_url|automatic_payment_methods\[(enabled|allow_redirects)\]|payment_method_types\[\d*\]|payment_method_data\[[a-z_]+\](\[[a-z_]+\])?|metadata\[[^\]]{1,40}\]|expand\[\d*\])$/;
const PAYMENT_METHOD_KEYS =
  /^(type|key|card\[(number|exp_month|exp_year|cvc)\]|metadata\[[^\]]{1,40}\]|expand\[\d*\])$/;
const REFUND_KEYS = /^(payment_intent|amount|reason|metadata\[[^\]]{1,40}\]|expand\[\d*\])$/;
const SEARCH_KEYS = /^(query|limit|page|expand\[\d*\])$/;
/** Stripe's API versions look like 2026-10-28.endive (older ones: a date alone). */
const STRIPE_VERSION = /^\d{4}-\d\d-\d\d(\.[a-z]+)?$/;

/** What Stripe answers a secret-key request carrying a full card number on an account without that access. */
const RAW_CARD_DATA_REFUSAL =
  "Sending credit card numbers directly to the Stripe API is generally unsafe. Collect them with Stripe.js " +
  "(or use a test PaymentMethod such as pm_card_visa); access to the raw card data APIs must be requested.";

/** All values of an array parameter, whether sent as `key[]` or as `key[0]`, `key[1]`, …. */
const arrayParameter = (form: URLSearchParams, name: string) =>
  [...form].filter(([key]) => key === `${name}[]` || new RegExp(`^${name}\\[\\d+\\]$`).test(key)).map(([, v]) => v);

function integerParameter(form: URLSearchParams, key: string): number {
  const value = form.get(key);
  if (value === null) throw invalid(`Missing required param: ${key}.`, key, "parameter_missing");
  if (!/^\d+$/.test(value)) throw invalid(`Invalid integer: ${value.slice(0, 20)}`, key);
  return Number(value);
}

function checkKeys(form: URLSearchParams, allowed: RegExp) {
  for (const key of form.keys()) if (!allowed.test(key)) throw invalid(`Received unknown parameter: ${key}`, key);
  const metadata = [...form.keys()].filter((key) => key.startsWith("metadata["));
  if (metadata.length > 50) throw invalid("Metadata can have at most 50 keys.", "metadata");
  for (const key of metadata)
    if ((form.get(key) ?? "").length > 500) throw invalid("Metadata values are too long.", key);
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
    if (name) metadata[name] = value;
  }
  return metadata;
}

/** Stripe's search syntax, the one clause this stand-in supports: metadata['key']:'value'. */
function parseMetadataQuery(query: string): { key: string; value: string } {
  const match = /^metadata\['([^'\\]+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(query.trim());
  if (!match?.[1] || match[2] === undefined)
    throw invalid("This stand-in only searches metadata['key']:'value'", "query");
  return { key: match[1], value: match[2].replace(/\\(.)/g, "$1") };
}

export async function startStripePaymentsServer(): Promise<LocalStripePayments> {
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_${(++sequence).toString().padStart(6, "0")}local`;
  const charges = new Map<string, Charge>();
  const fingerprintSecret = randomBytes(16);
  /** Saved answers by API key and idempotency key. */
  const saved = new Map<string, { method: string; path: string; params: string; status: number; body: unknown }>();
  const stub: LocalStripePayments = {
    url: "",
    secretKey: "sk_test_localStripePayments123",
    publishableKey: "pk_test_localStripePayments123",
    fingerprintOf: (number) =>
      createHmac("sha256", fingerprintSecret)
        .update(number)
        .digest("base64")
        .replace(/[^A-Za-z0-9]/g, "")
        .slice(0, 16),
    async createPaymentMethod(card) {
      const form = new URLSearchParams({
        type: "card",
        "card[number]": card.number,
        "card[exp_month]": String(card.expMonth),
        "card[exp_year]": String(card.expYear),
        "card[cvc]": card.cvc,
        key: stub.publishableKey,
      });
      const response = await fetch(`${stub.url}/v1/payment_methods`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
      const body = (await response.json()) as { id?: string; error?: { code?: string } };
      if (!response.ok || !body.id) throw new Error(`no PaymentMethod: ${body.error?.code ?? response.status}`);
      return body.id;
    },
    received: [],
    paymentIntents: new Map(),
    paymentMethods: new Map(),
    refunds: new Map(),
    failWith: undefined,
    loseReplyTo: undefined,
    delayMs: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const expandIntent = (intent: PaymentIntent, expand: string[], prefix = "") =>
    expand.includes(`${prefix}latest_charge`) && intent.latest_charge
      ? { ...intent, latest_charge: charges.get(intent.latest_charge) }
      : intent;

  const cardError = (code: string, message: string, param: string) =>
    new StripeError(402, { type: "card_error", code, message, param });

  /** `POST /v1/payment_methods` with the publishable key: what Stripe.js sends from the card fields. */
  function createPaymentMethod(form: URLSearchParams) {
    checkKeys(form, PAYMENT_METHOD_KEYS);
    if (form.get("type") !== "card") throw invalid("This stand-in only makes card PaymentMethods", "type");
    const number = (form.get("card[number]") ?? "").replace(/\s/g, "");
    const expMonth = integerParameter(form, "card[exp_month]");
    const expYear = integerParameter(form, "card[exp_year]");
    const cvc = form.get("card[cvc]") ?? "";
    if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
      throw cardError("incorrect_number", "Your card number is incorrect.", "card[number]");
    }
    const now = new Date();
    if (expMonth < 1 || expMonth > 12) {
      throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "card[exp_month]");
    }
    if (expYear < now.getUTCFullYear() || expYear > now.getUTCFullYear() + 50) {
      throw cardError("invalid_expiry_year", "Your card's expiration year is invalid.", "card[exp_year]");
    }
    if (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1) {
      throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "card[exp_month]");
    }
    if (!/^\d{3,4}$/.test(cvc)) throw cardError("invalid_cvc", "Your card's security code is invalid.", "card[cvc]");
    const paymentMethod: PaymentMethod = {
      id: nextId("pm"),
      object: "payment_method",
      type: "card",
      card: {
        brand: brandOf(number),
        last4: number.slice(-4),
        exp_month: expMonth,
        exp_year: expYear,
        funding: "credit",
        fingerprint: stub.fingerprintOf(number),
      },
      created: Math.floor(Date.now() / 1000),
      customer: null,
      livemode: false,
      metadata: metadataOf(form),
    };
    stub.paymentMethods.set(paymentMethod.id, { ...paymentMethod, number });
    return { status: 200, body: paymentMethod };
  }

  function createPaymentIntent(form: URLSearchParams) {
    checkKeys(form, PAYMENT_INTENT_KEYS);
    if ([...form.keys()].some((key) => key.startsWith("payment_method_data[card]"))) {
      throw invalid(RAW_CARD_DATA_REFUSAL, "payment_method_data[card][number]");
    }
    const amount = integerParameter(form, "amount");
    if (amount < 50) throw invalid("Amount must be at least $0.50 usd", "amount", "amount_too_small");
    if (amount > 99_999_999) throw invalid("Amount must be no more than $999,999.99", "amount", "amount_too_large");
    if (form.get("currency") !== "usd") throw invalid("Invalid currency.", "currency");
    if (form.get("confirm") !== "true") throw invalid("This stand-in only creates confirmed PaymentIntents", "confirm");
    const captureMethod = form.get("capture_method") ?? "automatic";
    if (captureMethod !== "automatic") throw invalid("This stand-in only captures at once", "capture_method");
    const types = arrayParameter(form, "payment_method_types");
    for (const type of types) {
      if (type !== "card") throw invalid(`Invalid payment_method_types: ${type}`, "payment_method_types");
    }
    const noRedirects =
      (types.length > 0 && types.every((type) => type === "card")) ||
      form.get("automatic_payment_methods[allow_redirects]") === "never";
    if (!noRedirects && !form.has("return_url")) {
      throw invalid(
        "This PaymentIntent is configured to accept payment methods enabled in your Dashboard, some of which may " +
          "require a full page redirect. Pass a return_url, or disallow redirects.",
        "return_url",
      );
    }
    const paymentMethodId = form.get("payment_method");
    if (!paymentMethodId) throw invalid("Missing required param: payment_method.", "payment_method");
    const paymentMethod = stub.paymentMethods.get(paymentMethodId);
    if (!paymentMethod) {
      throw invalid(`No such PaymentMethod: '${paymentMethodId}'`, "payment_method", "resource_missing");
    }
    const { number, card } = paymentMethod;
    const decline = DECLINES[number];
    const needsAuthentication = AUTHENTICATION_REQUIRED.has(number);
    const intent: PaymentIntent = {
      id: nextId("pi"),
      object: "payment_intent",
      amount,
      amount_received: 0,
      capture_method: captureMethod,
      confirmation_method: "automatic",
      created: Math.floor(Date.now() / 1000),
      currency: "usd",
      description: form.get("description"),
      livemode: false,
      metadata: metadataOf(form),
      payment_method: paymentMethod.id,
      payment_method_types: ["card"],
      status: "succeeded",
      last_payment_error: null,
      latest_charge: null,
    };
    stub.paymentIntents.set(intent.id, intent);
    const expand = arrayParameter(form, "expand");
    if (needsAuthentication) {
      if (form.get("error_on_requires_action") !== "true") {
        intent.status = "requires_action";
        return { status: 200, body: expandIntent(intent, expand) };
      }
      const error = {
        type: "card_error",
        code: "authentication_required",
        decline_code: "authentication_required",
        message: "Your card was declined. This transaction requires authentication.",
      };
      intent.status = "requires_payment_method";
      intent.last_payment_error = error;
      return { status: 402, body: { error: { ...error, payment_intent: expandIntent(intent, expand) } } };
    }
    const charge: Charge = {
      id: nextId("ch"),
      object: "charge",
      amount,
      amount_captured: decline ? 0 : amount,
      amount_refunded: 0,
      captured: !decline,
      currency: "usd",
      paid: !decline,
      payment_intent: intent.id,
      refunded: false,
      status: decline ? "failed" : "succeeded",
      payment_method_details: { type: "card", card },
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    if (decline) {
      const error = { type: "card_error", ...decline };
      intent.status = "requires_payment_method";
      intent.last_payment_error = error;
      return {
        status: 402,
        body: { error: { ...error, charge: charge.id, payment_intent: expandIntent(intent, expand) } },
      };
    }
    intent.amount_received = amount;
    return { status: 200, body: expandIntent(intent, expand) };
  }

  function createRefund(form: URLSearchParams) {
    checkKeys(form, REFUND_KEYS);
    const intentId = form.get("payment_intent");
    if (!intentId) throw invalid("Missing required param: payment_intent.", "payment_intent", "parameter_missing");
    const intent = stub.paymentIntents.get(intentId);
    if (!intent) throw invalid(`No such payment_intent: '${intentId}'`, "payment_intent", "resource_missing");
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== "succeeded" || !charge) {
      throw invalid("This PaymentIntent does not have a successful charge to refund.", "payment_intent");
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0)
      throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, "charge_already_refunded");
    const amount = form.has("amount") ? integerParameter(form, "amount") : left;
    if (amount < 1) throw invalid("Amount must be positive", "amount");
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    if (amount > left) {
      throw invalid(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        "amount",
      );
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = {
      id: nextId("re"),
      object: "refund" as const,
      amount,
      charge: charge.id,
      currency: "usd",
      metadata: metadataOf(form),
      payment_intent: intent.id,
      status: "succeeded",
    };
    stub.refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function search(form: URLSearchParams, path: string) {
    for (const key of form.keys()) if (!SEARCH_KEYS.test(key)) throw invalid(`Received unknown parameter: ${key}`, key);
    const { key, value } = parseMetadataQuery(form.get("query") ?? "");
    const expand = arrayParameter(form, "expand");
    const data = [...stub.paymentIntents.values()]
      .filter((intent) => intent.metadata[key] === value)
      .sort((a, b) => b.created - a.created)
      .map((intent) => expandIntent(intent, expand, "data."));
    return { status: 200, body: { object: "search_result", data, has_more: false, next_page: null, url: path } };
  }

  /** Which key the request carries: the secret key, the publishable key (header or `key` field), or none. */
  function keyOf(header: string | undefined, form: URLSearchParams): "secret" | "publishable" | undefined {
    const known = (key: string | undefined) =>
      key === stub.secretKey ? "secret" : key === stub.publishableKey ? "publishable" : undefined;
    if (header?.startsWith("Bearer ")) return known(header.slice(7));
    if (header?.startsWith("Basic ")) {
      const [user] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
      return known(user);
    }
    return known(form.get("key") ?? undefined);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const method = request.method ?? "GET";
      const form = new URLSearchParams(method === "POST" ? Buffer.concat(chunks).toString("utf8") : url.search);
      const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
      const stripeVersion = request.headers["stripe-version"] as string | undefined;
      const recorded: RecordedStripePaymentRequest = {
        method,
        path: url.pathname,
        form,
        idempotencyKey,
        stripeVersion,
        replayed: false,
        status: 0,
      };
      stub.received.push(recorded);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        recorded.status = status;
        if (stub.loseReplyTo === url.pathname) {
          request.socket.destroy();
          return;
        }
        response.writeHead(status, { "content-type": "application/json", "request-id": nextId("req"), ...headers });
        response.end(JSON.stringify(body));
      };
      const answer = () => {
        if (stub.failWith) return send(stub.failWith, { error: { type: "api_error", message: "Stripe is down" } });
        const key = keyOf(request.headers.authorization, form);
        if (!key) {
          return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        }
        try {
          if (method === "POST" && request.headers["content-type"] !== "application/x-www-form-urlencoded") {
            throw invalid("Stripe takes form-encoded bodies");
          }
          if (stripeVersion !== undefined && !STRIPE_VERSION.test(stripeVersion)) {
            throw invalid(`Invalid Stripe API version: ${stripeVersion.slice(0, 40)}`);
          }
          const creatingPaymentMethod = method === "POST" && url.pathname === "/v1/payment_methods";
          if (key === "publishable" && !creatingPaymentMethod) {
            return send(403, {
              error: {
                type: "invalid_request_error",
                message: "This API call cannot be made with a publishable API key. Please use a secret API key.",
              },
            });
          }
          if (key === "secret" && creatingPaymentMethod && form.has("card[number]")) {
            throw invalid(RAW_CARD_DATA_REFUSAL, "card[number]");
          }
          const savedKey = idempotencyKey && method === "POST" ? `${key} ${idempotencyKey}` : undefined;
          const params = [...form].map(([name, value]) => `${name}=${value}`).join("&");
          const earlier = savedKey ? saved.get(savedKey) : undefined;
          if (earlier) {
            if (earlier.method !== method || earlier.path !== url.pathname || earlier.params !== params) {
              return send(400, {
                error: {
                  type: "idempotency_error",
                  message:
                    "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                },
              });
            }
            recorded.replayed = true;
            return send(earlier.status, earlier.body, { "idempotent-replayed": "true" });
          }
          let result: { status: number; body: unknown } | undefined;
          try {
            if (creatingPaymentMethod) result = createPaymentMethod(form);
            else if (method === "POST" && url.pathname === "/v1/payment_intents") result = createPaymentIntent(form);
            else if (method === "POST" && url.pathname === "/v1/refunds") result = createRefund(form);
            else if (method === "GET" && url.pathname === "/v1/payment_intents/search")
              result = search(form, url.pathname);
          } catch (caught) {
            // A card error is a result Stripe saves under the key; a validation error is not.
            if (!(caught instanceof StripeError) || caught.status !== 402) throw caught;
            result = { status: caught.status, body: { error: caught.body } };
          }
          if (!result) {
            return send(404, {
              error: {
                type: "invalid_request_error",
                message: `Unrecognized request URL (${method}: ${url.pathname})`,
              },
            });
          }
          if (savedKey) saved.set(savedKey, { method, path: url.pathname, params, ...result });
          return send(result.status, result.body);
        } catch (caught) {
          if (!(caught instanceof StripeError)) throw caught;
          return send(caught.status, { error: caught.body });
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
