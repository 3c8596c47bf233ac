import { useMutation } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { ForgotPasswordInput } from "@threadfolk/contract/validation";
import { apiRequest } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";

const RESET_REQUESTED = "Password reset instructions sent";

/** `POST /api/v1/users/forgot_password`: the server answers the same whether or not the e-mail has an account. */
async function requestPasswordReset(input: ForgotPasswordInput): Promise<void> {
  await apiRequest(apiPath(API.forgotPassword), { method: "POST", body: { user: input } });
}

/** The password reset request (spec section 4: toast and close the modal). */
export function useRequestPasswordReset(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => {
      toast.success(RESET_REQUESTED);
      options.onSuccess?.();
    },
  });
}
