import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { ensureAccessToken, generalErrorMessage, onSessionEnded } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";

/**
 * Starts the session when the app loads (a guest token, or a refresh for a returning visitor, with no
 * visible UI) and sends the visitor to / when the server ends the session (spec section 4).
 */
export function useSessionLifecycle(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    ensureAccessToken().catch(() => toast.error(generalErrorMessage()));
  }, []);

  useEffect(
    () =>
      onSessionEnded(() => {
        // Whatever was cached belonged to the visitor who is gone.
        queryClient.clear();
        void navigate("/");
      }),
    [navigate, queryClient],
  );
}
