import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { signOut } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";

const SIGN_OUT_MESSAGE = "Come back soon 👋😢";

/** Logout (spec section 4): revoke, forget the visitor, new guest token, warning toast, go to /. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      queryClient.clear();
      toast.warning(SIGN_OUT_MESSAGE);
      await navigate("/");
    },
  });
}
