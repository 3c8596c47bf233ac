import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { onIdentityChanged } from "../../../lib/api-client.ts";
import { readSignedInFlag } from "../../../lib/storage.ts";
import { IDLE_PREFETCH_DELAY_MS, runWhenIdle } from "../../../lib/when-idle.ts";
import { shoppingCartQueryOptions } from "../api/get-shopping-cart.ts";
import { cartKeys } from "../api/query-keys.ts";
import { readCartCount, writeCartCount } from "../cart-count.ts";

/**
 * Keeps the cart count true to whom the session stands for (spec section 3: updated on sign-in and
 * sign-out). A new guest owns nothing, so the count is 0 without asking; a customer who has just signed in
 * has the guest's lines merged into their cart by the server, so the cart is read (which stores its count).
 * Once the app has started and the browser is idle, a customer's cart (or a guest's that the cookie says has
 * items) is read too: it may have changed on another device, or a withdrawn design may have left it.
 */
export function useCartCountFollowsIdentity(): void {
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onIdentityChanged((change) => {
        // Reset rather than removed: a cart view on screen (the checkout's first visit, whose guest token is
        // this change) keeps its observer and reads the new identity's cart, instead of waiting forever.
        void queryClient.resetQueries({ queryKey: cartKeys.all });
        if (change === "new-guest") writeCartCount(0);
        else void queryClient.prefetchQuery(shoppingCartQueryOptions());
      }),
    [queryClient],
  );

  useEffect(
    () =>
      runWhenIdle(() => {
        let isWorthReading: boolean;
        try {
          isWorthReading = readSignedInFlag() || readCartCount() > 0;
        } catch {
          // Storage that cannot be read is the error page's to report, not this background check's.
          return;
        }
        if (isWorthReading) void queryClient.prefetchQuery(shoppingCartQueryOptions());
      }, IDLE_PREFETCH_DELAY_MS),
    [queryClient],
  );
}
