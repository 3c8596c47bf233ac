import { useQueryClient } from "@tanstack/react-query";
import type { OrderCancellation as Cancellation } from "@threadfolk/contract/orders";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useCancelOrder } from "../api/cancel-order.ts";
import { ordersKeys } from "../api/query-keys.ts";
import { cancellationNote, cancelUntilText } from "../order-facts.ts";

/** setTimeout's longest delay (about 24.8 days); a window never lasts that long, but a timer must not overflow. */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * Cancelling from the order page (issue 27): while the cancellation window is open, 'Cancel order' with a
 * confirmation and until when it can be done; the page reads the order again when the window closes. Once it can
 * no longer be cancelled, a paid order says why (the server's reason); an order never paid says nothing.
 */
export function OrderCancellation({
  orderNumber,
  token,
  paidAt,
  cancellation,
}: {
  orderNumber: string;
  token: string | null;
  paidAt: string | null;
  cancellation: Cancellation;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const cancel = useCancelOrder({ orderNumber, token });
  const queryClient = useQueryClient();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const { cancellable, until } = cancellation;

  // When the window closes the order goes to production: read it again so the button goes and the reason shows.
  useEffect(() => {
    if (!cancellable || !until) return;
    const delay = Math.min(Math.max(new Date(until).getTime() - Date.now(), 0) + 1000, LONGEST_TIMER_MS);
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderNumber, token) }),
      delay,
    );
    return () => window.clearTimeout(timer);
  }, [cancellable, until, orderNumber, token, queryClient]);

  // The button is gone once the order is cancelled: keep the keyboard's place on what replaced it.
  useEffect(() => {
    if (cancel.isSuccess) noteRef.current?.focus();
  }, [cancel.isSuccess]);

  if (!cancellable) {
    const note = cancellationNote({ paidAt, cancellation });
    if (!note) return null;
    return (
      <p
        ref={noteRef}
        tabIndex={-1}
        className="mt-5 border-t border-neutral-200 pt-4 text-sm text-neutral-600 focus:outline-none"
      >
        {note}
      </p>
    );
  }

  return (
    <div className="mt-5 border-t border-neutral-200 pt-5">
      <Button
        ref={buttonRef}
        variant="secondary"
        busy={cancel.isPending}
        onClick={() => setIsConfirming(true)}
        className="h-11 w-full sm:w-auto"
      >
        Cancel order
      </Button>
      {until && <p className="mt-2 text-sm text-neutral-600">{cancelUntilText(until)}</p>}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Cancel this order?"
        description={`We'll stop order ${orderNumber} before it's printed and refund it in full.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        onConfirm={() => cancel.mutate()}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          buttonRef.current?.focus();
        }}
      />
    </div>
  );
}
