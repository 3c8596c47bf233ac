import {
  ORDER_MESSAGES,
  type OrderPaymentResponse,
  type PayPalOrderPaymentBody,
  type PlacedOrderResponse,
} from "@threadfolk/contract/orders";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import {
  capturePayPalOrder,
  type PayPalCheckoutCalls,
  paypalFailureOf,
  paypalSdkScriptUrl,
  startPayPalOrder,
} from "./paypal-checkout.ts";

function placedOrder(processorPaymentId: string | null = "pp_1") {
  return {
    data: { attributes: { orderNumber: "TF-1001", processorPaymentId } },
  } as unknown as PlacedOrderResponse;
}

function paymentReply(status: "success" | "failure", message: string): OrderPaymentResponse {
  return {
    data: {
      id: "pay_1",
      type: "order_payment",
      attributes: {
        status,
        message,
        orderNumber: "TF-1001",
        eventId: "7d8f5a0e-3c1b-4f7e-9a2d-1b2c3d4e5f60",
        declineCode: null,
        paymentMethod: status === "success" ? { kind: "paypal", description: "PayPal" } : null,
        shoppingCartCount: 0,
      },
    },
  };
}

/** Calls answered from scripts (a value, or an error to throw), recording what was sent. */
function scriptedCalls(replies: { place?: unknown[]; create?: unknown[]; pay?: unknown[] }) {
  const sent: { call: string; argument?: unknown }[] = [];
  const answer = async <T>(list: unknown[] | undefined): Promise<T> => {
    const reply = list?.shift();
    if (reply instanceof Error) throw reply;
    return reply as T;
  };
  const calls: PayPalCheckoutCalls = {
    placeOrder: () => {
      sent.push({ call: "place" });
      return answer(replies.place);
    },
    createPayPalOrder: (processorPaymentId) => {
      sent.push({ call: "create", argument: processorPaymentId });
      return answer(replies.create);
    },
    payOrderByPayPal: (body: PayPalOrderPaymentBody) => {
      sent.push({ call: "pay", argument: body });
      return answer(replies.pay);
    },
    wait: async () => undefined,
  };
  return { calls, sent };
}

const payPalOrder = {
  data: { id: "5O190127TN364715T", type: "pay_pal_order", attributes: { orderNumber: "TF-1001", status: "CREATED" } },
};

describe("startPayPalOrder", () => {
  it("places the order, then makes its PayPal order from the quote; a lost reply is asked again", async () => {
    const { calls, sent } = scriptedCalls({
      place: [new TypeError("Failed to fetch"), placedOrder()],
      create: [payPalOrder],
    });
    await expect(startPayPalOrder(calls)).resolves.toEqual({
      paypalOrderId: "5O190127TN364715T",
      orderNumber: "TF-1001",
    });
    expect(sent).toEqual([{ call: "place" }, { call: "place" }, { call: "create", argument: "pp_1" }]);
  });

  it("a refusal to place the order stands (the buttons report it)", async () => {
    const refusal = new ApiError({ status: 422, code: "validation_failed", message: "Add a shipping address" });
    const { calls, sent } = scriptedCalls({ place: [refusal] });
    await expect(startPayPalOrder(calls)).rejects.toBe(refusal);
    expect(sent).toHaveLength(1);
  });
});

describe("capturePayPalOrder", () => {
  const approval = { paypalOrderId: "5O190127TN364715T", orderNumber: "TF-1001", payerId: "SANDBOXBUYER01" };

  it("sends the spec's wallet params and reads a paid reply", async () => {
    const { calls, sent } = scriptedCalls({ pay: [paymentReply("success", ORDER_MESSAGES.thankYou)] });
    const outcome = await capturePayPalOrder(approval, calls);
    expect(outcome.status).toBe("paid");
    expect(sent[0]?.argument).toEqual({
      requestId: "5O190127TN364715T",
      requestIntent: "CAPTURE",
      paymentCurrancy: "USD",
      purchaseUnitsReferenceId: "TF-1001",
      invoiceId: "TF-1001",
      payerId: "SANDBOXBUYER01",
    });
  });

  it("a capture held for review is pending, with the server's message", async () => {
    const { calls } = scriptedCalls({ pay: [paymentReply("success", ORDER_MESSAGES.paypalPending)] });
    const outcome = await capturePayPalOrder(approval, calls);
    expect(outcome).toMatchObject({ status: "pending", payment: { message: ORDER_MESSAGES.paypalPending } });
  });

  it("a 402 is declined with the reply's message; other failures are thrown", async () => {
    const declined = new ApiError({
      status: 402,
      code: "payment_declined",
      message: "PayPal Payment Failure: declined",
      body: paymentReply("failure", ORDER_MESSAGES.paypalDeclined),
    });
    expect(await capturePayPalOrder(approval, scriptedCalls({ pay: [declined] }).calls)).toEqual({
      status: "declined",
      message: ORDER_MESSAGES.paypalDeclined,
    });
    const conflict = new ApiError({ status: 409, code: "conflict", message: ORDER_MESSAGES.alreadyPaid });
    await expect(capturePayPalOrder(approval, scriptedCalls({ pay: [conflict] }).calls)).rejects.toBe(conflict);
  });

  it("a reply that never came is asked again with the same PayPal order (the server replays its result)", async () => {
    const { calls, sent } = scriptedCalls({
      pay: [new TypeError("Failed to fetch"), paymentReply("success", ORDER_MESSAGES.thankYou)],
    });
    expect((await capturePayPalOrder(approval, calls)).status).toBe("paid");
    expect(sent.map((entry) => entry.argument)).toEqual([sent[0]?.argument, sent[0]?.argument]);
  });

  it("a 2xx whose status is not a success is not paid", async () => {
    const { calls } = scriptedCalls({ pay: [paymentReply("failure", "Something odd")] });
    expect(await capturePayPalOrder(approval, calls)).toEqual({ status: "not-paid", message: "Something odd" });
  });
});

describe("reporting", () => {
  it("names a failure by the SDK's error name or the server's code, within the failures call's limits", () => {
    expect(paypalFailureOf(new ApiError({ status: 409, code: "conflict", message: "Already paid" }))).toEqual({
      name: "conflict",
      message: "Already paid",
    });
    const error = new Error("x".repeat(3000));
    error.name = "INSTRUMENT_DECLINED";
    const failure = paypalFailureOf(error);
    expect(failure.name).toBe("INSTRUMENT_DECLINED");
    expect(failure.message).toHaveLength(2000);
    expect(paypalFailureOf("window closed")).toEqual({ name: "Error", message: "window closed" });
  });

  it("loads the SDK for USD and intent capture", () => {
    expect(paypalSdkScriptUrl({ sdkUrl: "http://127.0.0.1:3000/paypal-sandbox/sdk/js", clientId: "a b" })).toBe(
      "http://127.0.0.1:3000/paypal-sandbox/sdk/js?client-id=a+b&currency=USD&intent=capture",
    );
  });
});
