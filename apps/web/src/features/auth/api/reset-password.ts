import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UserResponse } from "@threadfolk/contract/accounts";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { NewPasswordInput } from "@threadfolk/contract/validation";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { SIGN_IN_SUCCESS, signIn } from "./sign-in.ts";

/** `POST /api/v1/users/reset_password`; answers with the user (its e-mail lets the page sign in). */
async function resetPassword(input: NewPasswordInput & { resetPasswordToken: string }): Promise<string> {
  const reply = await apiRequest<UserResponse>(apiPath(API.resetPassword), {
    method: "POST",
    body: { user: input },
  });
  return reply.data.attributes.email;
}

/** True when the server refused the link itself (used, expired or unknown), not the password. */
export function isInvalidResetLink(error: unknown): boolean {
  return isApiError(error, 422) && error.details.some((detail) => detail.field.endsWith("reset_password_token"));
}

/** Sets the new password, then signs in with it (the reset revoked every other session). */
export function useResetPassword(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewPasswordInput & { resetPasswordToken: string }) => {
      const email = await resetPassword(input);
      await signIn({ email, password: input.password });
    },
    meta: { isExpectedError: (error) => isApiError(error, 422) && error.details.length > 0 },
    onSuccess: async () => {
      toast.success(SIGN_IN_SUCCESS);
      options.onSuccess?.();
      await queryClient.invalidateQueries();
    },
  });
}
