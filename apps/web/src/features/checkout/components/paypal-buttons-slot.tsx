import { useId } from "react";

/** What the buttons report once the server has recorded PayPal's capture as paid. */
export type PayPalPaid = { orderNumber: string };

/** PayPal's (or the SDK's) failure, as spec section 8 reports it to the failures call: its name and message. */
export type PayPalFailure = { name: string; message: string };

export type PayPalButtonsSlotProps = {
  /** The order is paid: the page thanks the shopper and goes home at once (spec section 4, wallet). */
  onApproved: (paid: PayPalPaid) => void;
  /** The wallet failed: the page shows 'PayPal Payment Failure' (spec section 8). */
  onError: (failure: PayPalFailure) => void;
};

/**
 * Where PayPal's buttons mount when PayPal is the chosen method. Issue 13 wires PayPal's JS SDK (or the in-app
 * sandbox's stand-in) here: create the PayPal order through our server, capture on approval, and call
 * `onApproved` or `onError`. Until then it shows a disabled button that says what will happen, and takes no
 * payment. The page loads this module only when PayPal is chosen, so nothing of PayPal loads otherwise.
 */
export function PayPalButtonsSlot(_props: PayPalButtonsSlotProps) {
  const noteId = useId();
  return (
    <div className="space-y-2">
      <button
        type="button"
        disabled
        aria-describedby={noteId}
        className="flex h-12 w-full cursor-not-allowed items-center justify-center rounded-full bg-[#ffc439]/60 text-[15px] font-bold text-neutral-700"
      >
        Continue to PayPal
      </button>
      <p id={noteId} className="text-sm text-neutral-600">
        PayPal will open in its own window for you to approve the payment. It is not connected yet: choose Credit or
        Debit Card to pay now.
      </p>
    </div>
  );
}
