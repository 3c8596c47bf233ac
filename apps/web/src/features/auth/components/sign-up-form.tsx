import { signUpSchema } from "@threadfolk/contract/validation";
import { Link } from "react-router";
import { Button, LinkButton } from "../../../components/button.tsx";
import { TextField } from "../../../components/form/text-field.tsx";
import { useZodForm } from "../../../components/form/use-zod-form.ts";
import { applyServerFieldErrors } from "../../../lib/mutation-errors.ts";
import { useSignUp } from "../api/sign-up.ts";
import { closeAuthModal, setAuthModalMode } from "../hooks/use-auth-modal.ts";

const FIELDS = ["email", "password", "confirmPassword", "firstName", "lastName", "username"] as const;

/** signUp mode: the six fields, the terms notice, 'Sign Up' and 'Login' back (spec section 2). */
export function SignUpForm() {
  const form = useZodForm({
    schema: signUpSchema,
    defaultValues: { email: "", password: "", confirmPassword: "", firstName: "", lastName: "", username: "" },
    dependentFields: { password: ["confirmPassword"] },
  });
  const signUp = useSignUp({
    onSuccess: () => {
      closeAuthModal();
      form.reset();
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        signUp.mutate(values, {
          onError: (error) => applyServerFieldErrors(error, FIELDS, form.setError),
        }),
      )}
      className="space-y-4"
    >
      <TextField form={form} name="email" label="Email Address*" type="email" autoComplete="email" inputMode="email" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="password" label="Password*" type="password" autoComplete="new-password" />
        <TextField
          form={form}
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="firstName" label="First Name*" autoComplete="given-name" />
        <TextField form={form} name="lastName" label="Last Name*" autoComplete="family-name" />
      </div>
      <TextField
        form={form}
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
      />
      <p className="text-xs leading-relaxed text-neutral-600">
        By creating an account you agree to our{" "}
        <Link to="/terms" onClick={closeAuthModal} className="font-semibold text-neutral-900 underline">
          Terms &amp; Conditions
        </Link>{" "}
        and{" "}
        <Link to="/privacy-policy" onClick={closeAuthModal} className="font-semibold text-neutral-900 underline">
          Privacy Policy
        </Link>
        , and to receive promotional emails from us. You can opt out at any time.
      </p>
      <Button type="submit" busy={signUp.isPending} className="w-full">
        Sign Up
      </Button>
      <p className="text-center text-sm text-neutral-600">
        Already have an account? <LinkButton onClick={() => setAuthModalMode("signIn")}>Login</LinkButton>
      </p>
    </form>
  );
}
