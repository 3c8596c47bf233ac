import { signInSchema } from "@threadfolk/contract/validation";
import { Button, LinkButton } from "../../../components/button.tsx";
import { TextField } from "../../../components/form/text-field.tsx";
import { useZodForm } from "../../../components/form/use-zod-form.ts";
import { useSignIn } from "../api/sign-in.ts";
import { closeAuthModal, setAuthModalMode, useAuthModal } from "../hooks/use-auth-modal.ts";

/** signIn mode: Email, Password, 'Forgot Password?', 'Login', 'Create One' (spec section 2). */
export function SignInForm() {
  const initialEmail = useAuthModal().email;
  const form = useZodForm({ schema: signInSchema, defaultValues: { email: initialEmail ?? "", password: "" } });
  const signIn = useSignIn({
    onSuccess: () => {
      closeAuthModal();
      form.reset();
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))} className="space-y-4">
      <TextField form={form} name="email" label="Email" type="email" autoComplete="email" inputMode="email" />
      <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
      <div className="flex justify-end">
        <LinkButton className="text-sm" onClick={() => setAuthModalMode("reset")}>
          Forgot Password?
        </LinkButton>
      </div>
      <Button type="submit" busy={signIn.isPending} className="w-full">
        Login
      </Button>
      <p className="text-center text-sm text-neutral-600">
        Don't have an account? <LinkButton onClick={() => setAuthModalMode("signUp")}>Create One</LinkButton>
      </p>
    </form>
  );
}
