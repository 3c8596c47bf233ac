import { forgotPasswordSchema } from "@threadfolk/contract/validation";
import { Button, LinkButton } from "../../../components/button.tsx";
import { TextField } from "../../../components/form/text-field.tsx";
import { useZodForm } from "../../../components/form/use-zod-form.ts";
import { useRequestPasswordReset } from "../api/forgot-password.ts";
import { closeAuthModal, setAuthModalMode, useAuthModal } from "../hooks/use-auth-modal.ts";

/** reset mode: Email, 'Remembered Password?', 'Reset Password' (spec section 2). */
export function ResetRequestForm() {
  const initialEmail = useAuthModal().email;
  const form = useZodForm({ schema: forgotPasswordSchema, defaultValues: { email: initialEmail ?? "" } });
  const request = useRequestPasswordReset({
    onSuccess: () => {
      closeAuthModal();
      form.reset();
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))} className="space-y-4">
      <TextField form={form} name="email" label="Email" type="email" autoComplete="email" inputMode="email" />
      <Button type="submit" busy={request.isPending} className="w-full">
        Reset Password
      </Button>
      <p className="text-center text-sm">
        <LinkButton onClick={() => setAuthModalMode("signIn")}>Remembered Password?</LinkButton>
      </p>
    </form>
  );
}
