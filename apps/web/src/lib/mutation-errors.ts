import { snakeToCamel } from "@threadfolk/contract/case";
import { type ApiErrorDetail, generalErrorMessage, isApiError } from "./api-client.ts";
import { toast } from "./toast.ts";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /** True for errors the mutation shows itself (field errors, a specific toast): no general toast then. */
      isExpectedError?: (error: unknown) => boolean;
    };
  }
}

/**
 * The error toasts of spec section 8 for a failed mutation: a rate limit says when to try again, anything
 * the mutation does not handle itself gets the general 'An error occurred, contact support@…' toast.
 */
export function showMutationError(error: unknown, isExpectedError?: (error: unknown) => boolean): void {
  if (isExpectedError?.(error)) return;
  if (isApiError(error, 429)) {
    toast.error(error.message);
    return;
  }
  toast.error(generalErrorMessage());
}

/** The form field a server detail names (`user.first_name` -> `firstName`). */
export function detailFieldName(detail: ApiErrorDetail): string {
  const last = detail.field.split(".").at(-1) ?? detail.field;
  return snakeToCamel(last);
}

/**
 * Shows a 422's field details under the matching form fields; answers whether any detail matched a field
 * (callers fall back to a toast when none did).
 */
export function applyServerFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setError: (field: Field, error: { type: string; message: string }) => void,
): boolean {
  if (!isApiError(error, 422)) return false;
  let applied = false;
  for (const detail of error.details) {
    const name = detailFieldName(detail);
    if ((fields as readonly string[]).includes(name)) {
      setError(name as Field, { type: "server", message: detail.message });
      applied = true;
    }
  }
  return applied;
}
