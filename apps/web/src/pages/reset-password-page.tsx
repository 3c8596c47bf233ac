import { newPasswordSchema } from "@threadfolk/contract/validation";
import { useNavigate, useParams } from "react-router";
import { Button } from "../components/button.tsx";
import { TextField } from "../components/form/text-field.tsx";
import { useZodForm } from "../components/form/use-zod-form.ts";
import { PageHeading } from "../components/page-heading.tsx";
import { isInvalidResetLink, useResetPassword } from "../features/auth/api/reset-password.ts";
import { openAuthModal } from "../features/auth/hooks/use-auth-modal.ts";
import { applyServerFieldErrors } from "../lib/mutation-errors.ts";

const FIELDS = ["password", "confirmPassword"] as const;

/** /reset-password/{token}: the new password twice, then signed in with it and sent home (spec section 2). */
export default function ResetPasswordPage() {
  const { resetPasswordToken = "" } = useParams();
  const navigate = useNavigate();
  const form = useZodForm({
    schema: newPasswordSchema,
    defaultValues: { password: "", confirmPassword: "" },
    dependentFields: { password: ["confirmPassword"] },
  });
  const reset = useResetPassword({ onSuccess: () => void navigate("/") });
  const linkRefused = reset.isError && isInvalidResetLink(reset.error);

  return (
    <div className="pb-16">
      <PageHeading title="Password Reset">
        <p className="mt-3 max-w-xl text-lg text-neutral-700">Choose a new password for your account.</p>
      </PageHeading>
      <div className="px-5 md:px-10">
        <form
          noValidate
          onSubmit={form.handleSubmit((values) =>
            reset.mutate(
              { ...values, resetPasswordToken },
              { onError: (error) => applyServerFieldErrors(error, FIELDS, form.setError) },
            ),
          )}
          className="max-w-md space-y-4"
        >
          <TextField form={form} name="password" label="New Password" type="password" autoComplete="new-password" />
          <TextField
            form={form}
            name="confirmPassword"
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
          />
          {linkRefused && (
            <div
              role="alert"
              className="rounded-2xl border border-amber-200 bg-amber-50/70 p-4 text-sm text-neutral-800"
            >
              <p className="font-semibold">This link is invalid or has expired.</p>
              <p className="mt-1">Reset links work once and for a limited time. Ask for a new one below.</p>
              <Button variant="secondary" className="mt-3 h-10" onClick={() => openAuthModal("reset")}>
                Send a new link
              </Button>
            </div>
          )}
          <Button type="submit" busy={reset.isPending} className="w-full">
            Reset Password
          </Button>
        </form>
      </div>
    </div>
  );
}
