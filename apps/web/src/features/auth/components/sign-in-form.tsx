import { zodResolver } from "@hookform/resolvers/zod";
import { signInSchema } from "@threadfolk/contract/validation";
import { useForm } from "react-hook-form";
import { Button, LinkButton } from "../../../components/button.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useSignIn } from "../api/sign-in.ts";
import { closeAuthModal, setAuthModalMode, useAuthModal } from "../hooks/use-auth-modal.ts";

/** signIn mode: Email, Password, 'Forgot Password?', 'Login', 'Create One' (spec section 2). */
export function SignInForm() {
  const initialEmail = useAuthModal().email;
  const form = useForm({
    resolver: zodResolver(signInSchema),
    mode: "onChange",
    defaultValues: { email: initialEmail ?? "", password: "" },
  });
  const { errors } = form.formState;
  const signIn = useSignIn({
    onSuccess: () => {
      closeAuthModal();
      form.reset();
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))} className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
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
