import { useEffect, useId, useRef, useState } from "react";
import { TShirtSpinner } from "../../../components/tshirt-spinner.tsx";
import { createPayPalOrder } from "../api/create-paypal-order.ts";
import { usePaymentSettings } from "../api/get-payment-settings.ts";
import { payOrderByPayPal } from "../api/pay-order-by-paypal.ts";
import { placeOrder } from "../api/place-order.ts";
import { reportPayPalFailure } from "../api/report-paypal-failure.ts";
import {
  capturePayPalOrder,
  loadPayPalSdk,
  type PayPalButtons,
  type PayPalCheckoutCalls,
  type PayPalFailure,
  paypalFailureOf,
  paypalSdkScriptUrl,
  startPayPalOrder,
} from "../paypal-checkout.ts";

export type { PayPalFailure } from "../paypal-checkout.ts";

/** What the buttons report once the server has the capture: paid, or held for PayPal's review (`message`). */
export type PayPalPaid = {
  orderNumber: string;
  /** The purchase's analytics event id. */
  eventId: string;
  /** Set when PayPal holds the capture for review: the server's words for the thank-you toast. */
  pendingMessage?: string;
};

export type PayPalButtonsSlotProps = {
  /** The order is paid (or PayPal reviews it): the page thanks the shopper and goes home at once (spec 4). */
  onApproved: (paid: PayPalPaid) => void;
  /** The wallet failed: the page shows 'PayPal Payment Failure' (spec section 8); it is already reported. */
  onError: (failure: PayPalFailure) => void;
};

const CALLS: PayPalCheckoutCalls = { placeOrder, createPayPalOrder, payOrderByPayPal };

type SdkState = "loading" | "ready" | "unavailable";

/**
 * PayPal's buttons (spec section 2: "Paypal shows the wallet provider's buttons"), from the JS SDK the payment
 * settings name: PayPal's, or the in-app sandbox's stand-in. The page loads this module only when PayPal is
 * chosen, and this module loads the SDK. `createOrder` places the order and makes its PayPal order; on approval
 * the server captures and decides; a failure is reported to `/pay_pal_order_payment_failures` and handed to
 * `onError`. A decline leaves the buttons ready for another try.
 */
export function PayPalButtonsSlot({ onApproved, onError }: PayPalButtonsSlotProps) {
  const noteId = useId();
  const settings = usePaymentSettings();
  const paypal = settings.data?.data.attributes.paypal;
  const scriptUrl = paypal ? paypalSdkScriptUrl(paypal) : undefined;
  const containerRef = useRef<HTMLDivElement>(null);
  const [sdkState, setSdkState] = useState<SdkState>("loading");
  const [attempt, setAttempt] = useState(0);
  const [isCapturing, setIsCapturing] = useState(false);
  // The page's callbacks change on every render; the buttons, made once per SDK, call the latest ones.
  const handlers = useRef({ onApproved, onError });
  useEffect(() => {
    handlers.current = { onApproved, onError };
  }, [onApproved, onError]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` loads the SDK again after a failure.
  useEffect(() => {
    if (!scriptUrl) return;
    let isCurrent = true;
    let buttons: PayPalButtons | undefined;
    let orderNumber: string | undefined;
    const report = (failure: PayPalFailure) => {
      reportPayPalFailure({ ...failure, ...(orderNumber ? { orderNumber } : {}) }).catch(() => undefined);
    };
    const fail = (failure: PayPalFailure) => {
      report(failure);
      if (isCurrent) handlers.current.onError(failure);
    };
    setSdkState("loading");
    loadPayPalSdk(scriptUrl)
      .then(async (sdk) => {
        const container = containerRef.current;
        if (!isCurrent || !container) return;
        buttons = sdk.Buttons({
          style: { layout: "vertical", color: "gold", shape: "pill", label: "paypal", height: 48 },
          createOrder: async () => {
            const started = await startPayPalOrder(CALLS);
            orderNumber = started.orderNumber;
            return started.paypalOrderId;
          },
          onApprove: async ({ orderID, payerID }) => {
            setIsCapturing(true);
            try {
              const outcome = await capturePayPalOrder(
                { paypalOrderId: orderID, orderNumber, payerId: payerID },
                CALLS,
              );
              if (!isCurrent) return;
              if (outcome.status === "paid" || outcome.status === "pending") {
                const { payment } = outcome;
                handlers.current.onApproved({
                  orderNumber: payment.orderNumber,
                  eventId: payment.eventId,
                  ...(outcome.status === "pending" ? { pendingMessage: payment.message } : {}),
                });
              } else {
                fail({
                  name: outcome.status === "declined" ? "PAYMENT_DECLINED" : "PAYMENT_NOT_COMPLETED",
                  message: outcome.message,
                });
              }
            } catch (error) {
              fail(paypalFailureOf(error));
            } finally {
              if (isCurrent) setIsCapturing(false);
            }
          },
          // The payer closed PayPal without paying: nothing happened, the buttons wait for another press.
          onCancel: () => undefined,
          onError: (error) => fail(paypalFailureOf(error)),
        });
        if (!buttons.isEligible()) {
          setSdkState("unavailable");
          return;
        }
        await buttons.render(container);
        if (isCurrent) setSdkState("ready");
      })
      .catch((error: unknown) => {
        if (!isCurrent) return;
        setSdkState("unavailable");
        report(paypalFailureOf(error));
      });
    return () => {
      isCurrent = false;
      buttons?.close().catch(() => undefined);
    };
  }, [scriptUrl, attempt]);

  const isUnavailable = sdkState === "unavailable" || settings.isError;
  return (
    <div className="space-y-3">
      {!isUnavailable && sdkState === "loading" && (
        <div role="status" className="h-12 animate-pulse rounded-full bg-[#ffc439]/50">
          <span className="sr-only">Loading PayPal</span>
        </div>
      )}
      <div ref={containerRef} hidden={sdkState !== "ready"} />
      {isUnavailable ? (
        <div id={noteId} className="space-y-2 text-sm text-neutral-700">
          <p>PayPal could not be loaded. Try again, or choose Credit or Debit Card.</p>
          <button
            type="button"
            onClick={() => (settings.isError ? void settings.refetch() : setAttempt((count) => count + 1))}
            className="rounded-full px-4 py-2 font-bold text-neutral-900 ring-1 ring-neutral-300 hover:bg-neutral-100"
          >
            Try again
          </button>
        </div>
      ) : (
        <p id={noteId} className="text-sm text-neutral-600">
          PayPal opens in a new window for you to approve the payment; you come back here to finish.
        </p>
      )}
      {isCapturing && <TShirtSpinner label="Processing your payment" />}
    </div>
  );
}
