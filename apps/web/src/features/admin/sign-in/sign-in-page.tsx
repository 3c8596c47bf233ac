import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ADMIN_API } from "@threadfolk/contract/admin-api-paths";
import { apiPath } from "@threadfolk/contract/api-paths";
import {
  OPERATOR_MESSAGES,
  type OperatorSessionReply,
  type OperatorSignInReply,
  secondFactorCodeSchema,
} from "@threadfolk/contract/operators";
import { signInSchema } from "@threadfolk/contract/validation";
import { useEffect, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { Button, LinkButton } from "../../../components/button.tsx";
import { TextField } from "../../../components/form/text-field.tsx";
import { useZodForm } from "../../../components/form/use-zod-form.ts";
import { appConfig } from "../../../lib/config.ts";
import { ADMIN_MUTATION_META, adminFetch, isAdminApiError } from "../admin-api.ts";
import { AdminCard } from "../admin-card.tsx";
import { rememberAdminSession, useAdminSession } from "../admin-session.ts";
import { safeAdminReturnPath } from "../return-path.ts";

const codeFormSchema = z.strictObject({ code: secondFactorCodeSchema });

function errorMessage(error: unknown): string | undefined {
  if (!error) return undefined;
  return error instanceof Error ? error.message : "Something went wrong. Try again.";
}

/** Step one: e-mail and password. */
function PasswordStep({ onChallenge }: { onChallenge: (challenge: string) => void }) {
  const form = useZodForm({ schema: signInSchema, defaultValues: { email: "", password: "" } });
  const signIn = useMutation({
    meta: ADMIN_MUTATION_META,
    mutationFn: (values: z.infer<typeof signInSchema>) =>
      adminFetch<OperatorSignInReply>(apiPath(ADMIN_API.operatorSignIn), { method: "POST", body: values }),
    onSuccess: (reply) => onChallenge(reply.data.challenge),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))} className="space-y-4">
      <TextField form={form} name="email" label="Email" type="email" autoComplete="username" inputMode="email" />
      <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
      {signIn.error && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {errorMessage(signIn.error)}
        </p>
      )}
      <Button type="submit" busy={signIn.isPending} className="w-full">
        Continue
      </Button>
    </form>
  );
}

/** Step two: always the second factor, a TOTP code or a recovery code. */
function CodeStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useZodForm({ schema: codeFormSchema, defaultValues: { code: "" } });
  const verify = useMutation({
    meta: ADMIN_MUTATION_META,
    mutationFn: (values: z.infer<typeof codeFormSchema>) =>
      adminFetch<OperatorSessionReply>(apiPath(ADMIN_API.operatorSecondFactor), {
        method: "POST",
        body: { challenge, code: values.code },
      }),
    onSuccess: (reply) => {
      queryClient.removeQueries({ queryKey: ["admin"] });
      rememberAdminSession(queryClient, reply.data);
      void navigate(safeAdminReturnPath(searchParams.get("next")), { replace: true });
    },
    onError: (error) => {
      if (isAdminApiError(error, 422)) {
        form.setError("code", { message: error.details[0]?.message ?? OPERATOR_MESSAGES.codeInvalid });
        form.setFocus("code");
      }
    },
  });
  const expired = isAdminApiError(verify.error, 401);
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values))} className="space-y-4">
      <p className="text-[15px] text-neutral-700">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <TextField
        form={form}
        name="code"
        label="Authentication code"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
      />
      {verify.error && !isAdminApiError(verify.error, 422) && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {errorMessage(verify.error)}
        </p>
      )}
      {expired ? (
        <Button className="w-full" onClick={onRestart}>
          Start again
        </Button>
      ) : (
        <Button type="submit" busy={verify.isPending} className="w-full">
          Sign in
        </Button>
      )}
      <p className="text-center text-sm">
        <LinkButton onClick={onRestart}>Use another account</LinkButton>
      </p>
    </form>
  );
}

/** `/admin/sign-in`: e-mail and password, then the second factor, then back to the page asked for. */
export function SignInPage() {
  const [challenge, setChallenge] = useState<string>();
  const session = useAdminSession();
  const [searchParams] = useSearchParams();
  useEffect(() => {
    document.title = `Sign in | ${appConfig.brandName} admin`;
  }, []);
  if (session.data && !challenge) return <Navigate to={safeAdminReturnPath(searchParams.get("next"))} replace />;
  return (
    <AdminCard title={challenge ? "Two-step verification" : "Operator sign in"}>
      {challenge ? (
        <CodeStep challenge={challenge} onRestart={() => setChallenge(undefined)} />
      ) : (
        <PasswordStep onChallenge={setChallenge} />
      )}
    </AdminCard>
  );
}
