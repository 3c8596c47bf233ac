import { ORDER_MESSAGES, type OrderPaymentResponse, type PlacedOrderResponse } from "@threadfolk/contract/orders";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import {
  type CardCheckoutCalls,
  createPaymentInfoReporter,
  GIFT_CARD_NO_LONGER_COVERS,
  isExplainedRefusal,
  keepDigits,
  payForOrderByCard,
  RETRY_DELAYS_MS,
} from "./card-checkout.ts";

const CARD = { creditCardNumber: "4242424242424242", expirationDate: "1230", cvc: "123" };

function placedOrder(processorPaymentId: string | null = "pp_1"): PlacedOrderResponse {
  return {
    data: {
      id: "0b7c6f3e-1d2a-4c1b-9a55-3b0f9c2f1e11",
      type: "order",
      attributes: {
        orderNumber: "TF-1001",
        state: "payment_pending",
        processorPaymentId,
        email: "ada@example.com",
        placedAt: "2026-11-22T23:00:00.000Z",
        paidAt: null,
        itemTotal: "$25.00",
        itemTotalCents: 2500,
        totalDiscount: "$0.00",
        totalDiscountCents: 0,
        totalShipping: "$5.00",
        totalShippingCents: 500,
        totalTax: "$0.00",
        totalTaxCents: 0,
        orderTotal: "$30.00",
        orderTotalCents: 3000,
        promoCode: null,
        amountDue: "$30.00",
        amountDueCents: 3000,
        shoppingCartCount: 1,
        selectedShippingServiceKey: null,
        shippingServiceName: null,
        deliveryEstimate: null,
        paymentMethod: null,
        timeline: [],
        orderLineItems: [],
        shipments: [],
        estimatedDeliveryDate: null,
        cancellation: { cancellable: false, until: null, reason: "Only a paid order can be cancelled." },
      },
    },
    included: [],
  };
}

function paymentReply(status: "success" | "failure", message: string): OrderPaymentResponse {
  return {
    data: {
      id: status === "success" ? "pay_1" : null,
      type: "order_payment",
      attributes: {
        status,
        message,
        orderNumber: "TF-1001",
        eventId: "7d8f5a0e-3c1b-4f7e-9a2d-1b2c3d4e5f60",
        declineCode: status === "success" ? null : "card_declined",
        paymentMethod: status === "success" ? { kind: "card", description: "Visa ending 4242" } : null,
        shoppingCartCount: status === "success" ? 0 : 1,
      },
    },
  };
}

/** The calls as a list of what was sent, each answered by the next reply (a value, or an error to throw). */
function scriptedCalls(placeReplies: unknown[], payReplies: unknown[]) {
  const sent: { call: "place" | "pay"; key?: string; body?: unknown }[] = [];
  const waits: number[] = [];
  const stages: string[] = [];
  let keys = 0;
  const answer = async <T>(replies: unknown[]): Promise<T> => {
    const reply = replies.shift();
    if (reply instanceof Error) throw reply;
    if (reply === undefined) throw new Error("no more replies scripted");
    return reply as T;
  };
  const calls: CardCheckoutCalls = {
    placeOrder: () => {
      sent.push({ call: "place" });
      return answer(placeReplies);
    },
    payOrderByCard: (body, key) => {
      sent.push({ call: "pay", key, body });
      return answer(payReplies);
    },
    createIdempotencyKey: () => `key-${++keys}`,
    wait: async (milliseconds) => {
      waits.push(milliseconds);
    },
    onStage: (stage) => stages.push(stage),
  };
  return { calls, sent, waits, stages };
}

const networkFailure = () => new TypeError("Failed to fetch");

describe("payForOrderByCard", () => {
  it("places the order, then pays with the card, the processor payment id and a new key", async () => {
    const { calls, sent, stages } = scriptedCalls([placedOrder("pp_42")], [paymentReply("success", "Paid")]);
    const outcome = await payForOrderByCard(CARD, calls);

    expect(outcome).toMatchObject({ status: "paid", payment: { orderNumber: "TF-1001", shoppingCartCount: 0 } });
    expect(sent).toEqual([
      { call: "place" },
      {
        call: "pay",
        key: "key-1",
        body: {
          orderPayment: { processorPaymentId: "pp_42" },
          creditCardParams: { creditCardNumber: "4242424242424242", expirationDate: "1230", cvc: "123" },
        },
      },
    ]);
    expect(stages).toEqual(["placing", "paying"]);
  });

  it("with Stripe's PaymentMethod (decision 061), sends its id and no card field", async () => {
    const { calls, sent } = scriptedCalls([placedOrder("pp_9")], [paymentReply("success", "Paid")]);
    expect(await payForOrderByCard({ paymentMethodId: "pm_1Abc" }, calls)).toMatchObject({ status: "paid" });
    expect(sent[1]).toEqual({
      call: "pay",
      key: "key-1",
      body: { orderPayment: { processorPaymentId: "pp_9" }, paymentMethodId: "pm_1Abc" },
    });
  });

  it("with no card (the gift card pays everything), posts the payment without credit_card_params", async () => {
    const paidByGiftCard = placedOrder("pp_7");
    paidByGiftCard.data.attributes.amountDue = "$0.00";
    paidByGiftCard.data.attributes.amountDueCents = 0;
    const { calls, sent } = scriptedCalls([paidByGiftCard], [paymentReply("success", "Paid")]);
    const outcome = await payForOrderByCard(null, calls);

    expect(outcome.status).toBe("paid");
    expect(sent).toEqual([
      { call: "place" },
      { call: "pay", key: "key-1", body: { orderPayment: { processorPaymentId: "pp_7" } } },
    ]);
  });

  it("with no card, refuses to pay an order that has something left to pay (the cart changed), and says why", async () => {
    const { calls, sent } = scriptedCalls([placedOrder()], []);
    const failure = await payForOrderByCard(null, calls).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, message: GIFT_CARD_NO_LONGER_COVERS });
    expect(isExplainedRefusal(failure)).toBe(true);
    expect(sent).toEqual([{ call: "place" }]);
  });

  it("uses a new key for each press", async () => {
    const { calls, sent } = scriptedCalls(
      [placedOrder(), placedOrder()],
      [paymentReply("success", "Paid"), paymentReply("success", "Paid")],
    );
    await payForOrderByCard(CARD, calls);
    await payForOrderByCard(CARD, calls);
    expect(sent.filter((item) => item.call === "pay").map((item) => item.key)).toEqual(["key-1", "key-2"]);
  });

  it("repeats a payment whose reply was lost with the same key, waiting longer each time", async () => {
    const { calls, sent, waits } = scriptedCalls(
      [placedOrder()],
      [networkFailure(), networkFailure(), paymentReply("success", "Paid")],
    );
    const outcome = await payForOrderByCard(CARD, calls);

    expect(outcome.status).toBe("paid");
    expect(sent.filter((item) => item.call === "pay").map((item) => item.key)).toEqual(["key-1", "key-1", "key-1"]);
    expect(waits).toEqual([RETRY_DELAYS_MS[0], RETRY_DELAYS_MS[1]]);
  });

  it("asks again with the same key while the server is still processing it", async () => {
    const inFlight = new ApiError({ status: 409, code: "conflict", message: ORDER_MESSAGES.idempotencyKeyInFlight });
    const { calls, sent } = scriptedCalls([placedOrder()], [inFlight, paymentReply("success", "Paid")]);
    expect((await payForOrderByCard(CARD, calls)).status).toBe("paid");
    expect(sent.filter((item) => item.call === "pay").map((item) => item.key)).toEqual(["key-1", "key-1"]);
  });

  it("gives up after the last retry and lets the failure stand", async () => {
    const failures = [...RETRY_DELAYS_MS, 0].map(networkFailure);
    const { calls, sent } = scriptedCalls([placedOrder()], failures);
    await expect(payForOrderByCard(CARD, calls)).rejects.toBeInstanceOf(TypeError);
    expect(sent.filter((item) => item.call === "pay")).toHaveLength(RETRY_DELAYS_MS.length + 1);
  });

  it("repeats placing the order when its reply was lost (an unchanged cart answers the same order)", async () => {
    const { calls, sent } = scriptedCalls([networkFailure(), placedOrder()], [paymentReply("success", "Paid")]);
    expect((await payForOrderByCard(CARD, calls)).status).toBe("paid");
    expect(sent.map((item) => item.call)).toEqual(["place", "place", "pay"]);
  });

  it("answers a decline (402) with the processor's message and does not retry it", async () => {
    const decline = new ApiError({
      status: 402,
      code: "payment_declined",
      message: ORDER_MESSAGES.paymentFailure,
      body: {
        error: { code: "payment_declined", message: "x" },
        ...paymentReply("failure", "Your card was declined."),
      },
    });
    const { calls, sent } = scriptedCalls([placedOrder()], [decline]);
    expect(await payForOrderByCard(CARD, calls)).toEqual({ status: "declined", message: "Your card was declined." });
    expect(sent.filter((item) => item.call === "pay")).toHaveLength(1);
  });

  it("reads the processor's message from a partial body, else falls back on the error's message", async () => {
    const partial = new ApiError({
      status: 402,
      code: "payment_declined",
      message: "Declined",
      body: { data: { attributes: { status: "failure", message: "Your card has insufficient funds." } } },
    });
    const html = new ApiError({ status: 402, code: "payment_declined", message: "Declined", body: "<html>" });
    const { calls } = scriptedCalls([placedOrder(), placedOrder()], [partial, html]);
    expect(await payForOrderByCard(CARD, calls)).toEqual({
      status: "declined",
      message: "Your card has insufficient funds.",
    });
    expect(await payForOrderByCard(CARD, calls)).toEqual({ status: "declined", message: "Declined" });
  });

  it("answers a 2xx that is not a success as not paid, with its message", async () => {
    const { calls } = scriptedCalls([placedOrder()], [paymentReply("failure", "Something went wrong")]);
    expect(await payForOrderByCard(CARD, calls)).toEqual({ status: "not-paid", message: "Something went wrong" });
  });

  it("throws a refusal to place the order without paying, and never retries it", async () => {
    const refusal = new ApiError({ status: 409, code: "conflict", message: ORDER_MESSAGES.shippingAddressMissing });
    const { calls, sent } = scriptedCalls([refusal], []);
    await expect(payForOrderByCard(CARD, calls)).rejects.toBe(refusal);
    expect(sent).toEqual([{ call: "place" }]);
  });

  it("does not retry another conflict of the payment (a payment under way with another key)", async () => {
    const conflict = new ApiError({ status: 409, code: "conflict", message: ORDER_MESSAGES.paymentInProgress });
    const { calls, sent } = scriptedCalls([placedOrder()], [conflict]);
    await expect(payForOrderByCard(CARD, calls)).rejects.toBe(conflict);
    expect(sent.filter((item) => item.call === "pay")).toHaveLength(1);
  });

  it("does not pay an order that came back without a processor payment id", async () => {
    const { calls, sent } = scriptedCalls([placedOrder(null)], []);
    await expect(payForOrderByCard(CARD, calls)).rejects.toBeInstanceOf(ApiError);
    expect(sent).toEqual([{ call: "place" }]);
  });
});

describe("refusals", () => {
  it("are the 409s, the 422s and an unreachable processor, which carry the server's words", () => {
    const conflict = new ApiError({ status: 409, code: "conflict", message: ORDER_MESSAGES.orderChanged });
    const invalid = new ApiError({
      status: 422,
      code: "validation_failed",
      message: "Invalid request",
      details: [{ field: "order", message: "Moth Lamp Club is no longer available: remove it from your cart" }],
    });
    expect(isExplainedRefusal(conflict)).toBe(true);
    expect(isExplainedRefusal(invalid)).toBe(true);
    const unreachable = new ApiError({
      status: 503,
      code: "service_unavailable",
      message: ORDER_MESSAGES.processorUnavailable,
    });
    expect(isExplainedRefusal(unreachable)).toBe(true);
    expect(isExplainedRefusal(new ApiError({ status: 503, code: "service_unavailable", message: "Down" }))).toBe(false);
    expect(isExplainedRefusal(new ApiError({ status: 500, code: "internal", message: "Boom" }))).toBe(false);
    expect(isExplainedRefusal(networkFailure())).toBe(false);
  });
});

describe("createPaymentInfoReporter (spec section 4)", () => {
  it("records once, when the number passes 15 characters", () => {
    let recorded = 0;
    const report = createPaymentInfoReporter(() => recorded++);
    for (const typed of ["4", "424242424242424"]) report(typed);
    expect(recorded).toBe(0);
    report("4242424242424242");
    report("424242424242424");
    report("4242424242424242");
    expect(recorded).toBe(1);
  });
});

describe("keepDigits", () => {
  it("drops separators and cuts at the field's length", () => {
    expect(keepDigits("4242 4242 4242 4242", 16)).toBe("4242424242424242");
    expect(keepDigits("4242-4242-4242-4242-99", 16)).toBe("4242424242424242");
    expect(keepDigits("07/28", 4)).toBe("0728");
    expect(keepDigits("12a3", 4)).toBe("123");
    expect(keepDigits("", 4)).toBe("");
  });
});
