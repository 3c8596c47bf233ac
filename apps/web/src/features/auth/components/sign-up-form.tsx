import { zodResolver } from "@hookform/resolvers/zod";
import { signUpSchema } from "@threadfolk/contract/validation";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button, LinkButton } from "../../../components/button.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { applyServerFieldErrors } from "../../../lib/mutation-errors.ts";
import { useSignUp } from "../api/sign-up.ts";
import { closeAuthModal, setAuthModalMode } from "../hooks/use-auth-modal.ts";

const FIELDS = ["email", "password", "confirmPassword", "firstName", "lastName", "username"] as const;

/** signUp mode: the six fields, the terms notice, 'Sign Up' and 'Login' back (spec section 2). */
export function SignUpForm() {
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    mode: "onChange",
    defaultValues: { email: "", password: "", confirmPassword: "", firstName: "", lastName: "", username: "" },
  });
  const { errors } = form.formState;
  const signUp = useSignUp({
    onSuccess: () => {
      closeAuthModal();
      form.reset();
    },
  });
  const passwordField = form.register("password", {
    // Re-check the confirmation when the password changes, once the visitor has typed one.
    onChange: () => {
      if (form.getFieldState("confirmPassword").isDirty) void form.trigger("confirmPassword");
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
      <TextField
        label="Email Address*"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Password*"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...passwordField}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register("confirmPassword")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name*"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register("firstName")}
        />
        <TextField
          label="Last Name*"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register("lastName")}
        />
      </div>
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.username?.message}
        {...form.register("username")}
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
