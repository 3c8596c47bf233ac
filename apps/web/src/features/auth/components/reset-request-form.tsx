import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordSchema } from "@threadfolk/contract/validation";
import { useForm } from "react-hook-form";
import { Button, LinkButton } from "../../../components/button.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useRequestPasswordReset } from "../api/forgot-password.ts";
import { closeAuthModal, setAuthModalMode, useAuthModal } from "../hooks/use-auth-modal.ts";

/** reset mode: Email, 'Remembered Password?', 'Reset Password' (spec section 2). */
export function ResetRequestForm() {
  const initialEmail = useAuthModal().email;
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: "onChange",
    defaultValues: { email: initialEmail ?? "" },
  });
  const { errors } = form.formState;
  const request = useRequestPasswordReset({
    onSuccess: () => {
      closeAuthModal();
      form.reset();
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))} className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <Button type="submit" busy={request.isPending} className="w-full">
        Reset Password
      </Button>
      <p className="text-center text-sm">
        <LinkButton onClick={() => setAuthModalMode("signIn")}>Remembered Password?</LinkButton>
      </p>
    </form>
  );
}
