import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignInInput } from "@threadfolk/contract/validation";
import { isApiError, requestPasswordToken, storeSignIn } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";

export const SIGN_IN_SUCCESS = "Welcome back!!! 🥰";
const SIGN_IN_UNRECOGNIZED = "Unrecognized password, email combination 🔒";
const SIGN_IN_UNCONFIRMED = "Don't be sketchy confirm your email before logging in";

/** True when the token endpoint refused a correct password because the e-mail is not confirmed yet. */
function isUnconfirmedError(error: unknown): boolean {
  if (!isApiError(error, 400)) return false;
  const body = error.body as { message?: unknown } | undefined;
  return body?.message === "unconfirmed";
}

/** Sign-in (password grant, spec section 7); stores the tokens and the signed-in flag on success. */
export async function signIn(input: SignInInput): Promise<void> {
  const tokens = await requestPasswordToken(input);
  storeSignIn(tokens);
}

/**
 * The sign-in mutation with spec section 4 and 8's toasts: welcome back on success, a warning for an
 * unconfirmed e-mail, the lock toast for any other 400; anything else gets the general error toast.
 */
export function useSignIn(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    meta: { isExpectedError: (error) => isApiError(error, 400) },
    onSuccess: async () => {
      toast.success(SIGN_IN_SUCCESS);
      options.onSuccess?.();
      // Everything cached so far was the guest's view.
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      if (isUnconfirmedError(error)) toast.warning(SIGN_IN_UNCONFIRMED);
      else if (isApiError(error, 400)) toast.error(SIGN_IN_UNRECOGNIZED);
    },
  });
}
