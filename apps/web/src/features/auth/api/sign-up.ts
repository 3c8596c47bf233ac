import { useMutation } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { SignUpInput } from "@threadfolk/contract/validation";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { appConfig } from "../../../lib/config.ts";
import { toast } from "../../../lib/toast.ts";

/** `POST /api/v1/users`: creates an unconfirmed account; the server sends the confirmation e-mail. */
async function signUp(input: SignUpInput): Promise<void> {
  await apiRequest(apiPath(API.signUp), { method: "POST", body: { user: input } });
}

/** The toast after sign-up (spec section 4, brand replaced by the product's). */
function signUpSuccessMessage(): string {
  return `Welcome to ${appConfig.brandName} ❤️👕, please verify your email to sign in`;
}

/** The sign-up mutation; field errors of a 422 (e-mail or username taken) are shown by the form. */
export function useSignUp(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: signUp,
    meta: { isExpectedError: (error) => isApiError(error, 422) && error.details.length > 0 },
    onSuccess: () => {
      toast.success(signUpSuccessMessage());
      options.onSuccess?.();
    },
  });
}
