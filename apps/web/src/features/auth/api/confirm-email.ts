import { useMutation } from "@tanstack/react-query";
import type { UserResponse } from "@threadfolk/contract/accounts";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";

/** `POST /api/v1/users/confirm_email`; a repeated click on a used link still answers with the user. */
async function confirmEmail(emailConfirmationToken: string): Promise<{ email: string }> {
  const reply = await apiRequest<UserResponse>(apiPath(API.confirmEmail), {
    method: "POST",
    body: { user: { emailConfirmationToken } },
  });
  return { email: reply.data.attributes.email };
}

/** True when the link is unknown or expired (the page explains and offers a way on). */
export function isInvalidConfirmationLink(error: unknown): boolean {
  return isApiError(error, 422);
}

/** The e-mail confirmation of /confirm-email/{token}; the page shows an invalid link itself. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: confirmEmail,
    meta: { isExpectedError: isInvalidConfirmationLink },
  });
}
