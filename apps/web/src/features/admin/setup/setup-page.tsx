import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ADMIN_API } from "@threadfolk/contract/admin-api-paths";
import { apiPath } from "@threadfolk/contract/api-paths";
import {
  OPERATOR_IDLE_MINUTES,
  OPERATOR_MESSAGES,
  type OperatorSetupBeginReply,
  type OperatorSetupCompleteReply,
  operatorPasswordFormSchema,
  totpCodeSchema,
} from "@threadfolk/contract/operators";
import { useEffect, useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { Button, LinkButton } from "../../../components/button.tsx";
import { TextField } from "../../../components/form/text-field.tsx";
import { useZodForm } from "../../../components/form/use-zod-form.ts";
import { Spinner } from "../../../components/spinner.tsx";
import { appConfig } from "../../../lib/config.ts";
import { ADMIN_MUTATION_META, adminFetch, isAdminApiError } from "../admin-api.ts";
import { AdminCard } from "../admin-card.tsx";
import { rememberAdminSession } from "../admin-session.ts";

type Passwords = z.infer<typeof operatorPasswordFormSchema>;
const codeFormSchema = z.strictObject({ code: totpCodeSchema });

function PasswordStep({
  email,
  initial,
  serverError,
  onDone,
}: {
  email: string;
  initial?: Passwords;
  serverError?: string;
  onDone: (values: Passwords) => void;
}) {
  const form = useZodForm({
    schema: operatorPasswordFormSchema,
    defaultValues: initial ?? { password: "", confirmPassword: "" },
    dependentFields: { password: ["confirmPassword"] },
  });
  useEffect(() => {
    if (serverError) form.setError("password", { message: serverError });
  }, [serverError, form]);
  return (
    <form noValidate onSubmit={form.handleSubmit(onDone)} className="space-y-4">
      <p className="text-[15px] text-neutral-700">
        Step 1 of 3: choose a password for <strong className="break-all">{email}</strong>.
      </p>
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <TextField form={form} name="password" label="Password" type="password" autoComplete="new-password" />
      <TextField
        form={form}
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
      <Button type="submit" className="w-full">
        Continue
      </Button>
    </form>
  );
}

function EnrolStep({
  token,
  setup,
  passwords,
  onBack,
  onPasswordRefused,
  onDone,
}: {
  token: string;
  setup: OperatorSetupBeginReply["data"];
  passwords: Passwords;
  onBack: () => void;
  onPasswordRefused: (message: string) => void;
  onDone: (reply: OperatorSetupCompleteReply["data"]) => void;
}) {
  const secretId = useId();
  const form = useZodForm({ schema: codeFormSchema, defaultValues: { code: "" } });
  const complete = useMutation({
    meta: ADMIN_MUTATION_META,
    mutationFn: (values: z.infer<typeof codeFormSchema>) =>
      adminFetch<OperatorSetupCompleteReply>(apiPath(ADMIN_API.completeOperatorSetup), {
        method: "POST",
        body: { token, ...passwords, code: values.code },
      }),
    onSuccess: (reply) => onDone(reply.data),
    onError: (error) => {
      if (!isAdminApiError(error, 422)) return;
      const passwordProblem = error.details.find((detail) => detail.field.includes("password"));
      if (passwordProblem) onPasswordRefused(passwordProblem.message);
      else form.setError("code", { message: error.details[0]?.message ?? OPERATOR_MESSAGES.codeInvalid });
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => complete.mutate(values))} className="space-y-5">
      <p className="text-[15px] text-neutral-700">
        Step 2 of 3: add this account to an authenticator app (such as 1Password, Google Authenticator or Authy), then
        enter the code it shows.
      </p>
      <div className="flex flex-col items-center gap-4 md:flex-row md:items-start">
        <img
          src={setup.qrCode}
          alt="QR code to scan with your authenticator app"
          width={180}
          height={180}
          className="size-[180px] shrink-0 rounded-lg border border-neutral-200 bg-white"
        />
        <div className="min-w-0 text-sm text-neutral-700">
          <p>Cannot scan it? Enter this key in the app instead (time-based, 6 digits, every 30 seconds):</p>
          <p className="mt-2">
            <span className="sr-only">Set-up key: </span>
            <code
              id={secretId}
              data-testid="totp-secret"
              className="block rounded-lg bg-neutral-100 px-3 py-2 font-mono text-[15px] font-semibold break-all text-neutral-950"
            >
              {setup.secret}
            </code>
          </p>
        </div>
      </div>
      <TextField
        form={form}
        name="code"
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        aria-describedby={secretId}
      />
      {complete.error && !isAdminApiError(complete.error, 422) && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {complete.error.message}
        </p>
      )}
      <Button type="submit" busy={complete.isPending} className="w-full">
        Confirm and finish
      </Button>
      <p className="text-center text-sm">
        <LinkButton onClick={onBack}>Back to the password</LinkButton>
      </p>
    </form>
  );
}

function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const checkboxId = useId();
  const text = `${appConfig.brandName} admin recovery codes\n\n${codes.join("\n")}\n`;
  return (
    <div className="space-y-5">
      <p className="text-[15px] text-neutral-700">
        Step 3 of 3: save these recovery codes somewhere safe. Each one signs you in once if you lose your
        authenticator. They are shown only now.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl bg-neutral-100 p-4 font-mono text-[15px] font-semibold"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy codes"}
        </Button>
        <a
          className="inline-flex h-12 items-center rounded-full border border-neutral-300 px-6 text-[15px] font-bold text-neutral-900 no-underline hover:bg-neutral-50"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
        >
          Download
        </a>
      </div>
      <label htmlFor={checkboxId} className="flex items-center gap-3 text-[15px]">
        <input
          id={checkboxId}
          type="checkbox"
          className="size-5 accent-brand"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
        />
        I have saved my recovery codes
      </label>
      <Button className="w-full" disabled={!saved} onClick={onDone}>
        Continue to the console
      </Button>
    </div>
  );
}

type Step = { name: "password"; error?: string } | { name: "enrol" } | { name: "codes"; codes: string[] };

/** `/admin/setup?token=…`: the set-up link's page (password, TOTP enrolment, recovery codes). */
export function SetupPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: "password" });
  const [passwords, setPasswords] = useState<Passwords>();
  useEffect(() => {
    document.title = `Set up | ${appConfig.brandName} admin`;
  }, []);
  const setup = useQuery({
    queryKey: ["admin-setup", token],
    queryFn: async () =>
      (
        await adminFetch<OperatorSetupBeginReply>(apiPath(ADMIN_API.beginOperatorSetup), {
          method: "POST",
          body: { token },
        })
      ).data,
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  if (step.name === "codes") {
    return (
      <AdminCard title="Save your recovery codes" wide>
        <RecoveryCodesStep codes={step.codes} onDone={() => void navigate("/admin", { replace: true })} />
      </AdminCard>
    );
  }
  if (!token || setup.isError) {
    return (
      <AdminCard title="Set up your operator account">
        <p role="alert" className="text-[15px]">
          {setup.error && !isAdminApiError(setup.error, 404) ? setup.error.message : OPERATOR_MESSAGES.setupLinkInvalid}
          . Ask for a new one (<code>npm run operator:create</code>).
        </p>
      </AdminCard>
    );
  }
  if (!setup.data) {
    return (
      <AdminCard title="Set up your operator account">
        <Spinner label="Opening your set-up link" />
      </AdminCard>
    );
  }
  return (
    <AdminCard title="Set up your operator account" wide={step.name === "enrol"}>
      {step.name === "password" || !passwords ? (
        <PasswordStep
          email={setup.data.email}
          initial={passwords}
          serverError={step.name === "password" ? step.error : undefined}
          onDone={(values) => {
            setPasswords(values);
            setStep({ name: "enrol" });
          }}
        />
      ) : (
        <EnrolStep
          token={token}
          setup={setup.data}
          passwords={passwords}
          onBack={() => setStep({ name: "password" })}
          onPasswordRefused={(message) => setStep({ name: "password", error: message })}
          onDone={(reply) => {
            queryClient.removeQueries({ queryKey: ["admin"] });
            rememberAdminSession(queryClient, { operator: reply.operator, idleMinutes: OPERATOR_IDLE_MINUTES });
            setStep({ name: "codes", codes: reply.recoveryCodes });
          }}
        />
      )}
    </AdminCard>
  );
}
