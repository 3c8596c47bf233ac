import { type ReactNode, useEffect, useRef } from "react";
import { useParams } from "react-router";
import { Button } from "../components/button.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { Spinner } from "../components/spinner.tsx";
import { isInvalidConfirmationLink, useConfirmEmail } from "../features/auth/api/confirm-email.ts";
import { openAuthModal } from "../features/auth/hooks/use-auth-modal.ts";

function Panel({ tone, title, children }: { tone: "success" | "problem"; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="confirm-email-result"
      className={`max-w-xl rounded-3xl border p-6 md:p-8 ${
        tone === "success" ? "border-emerald-200 bg-emerald-50/60" : "border-amber-200 bg-amber-50/70"
      }`}
    >
      <h2 id="confirm-email-result" className="font-display text-xl font-extrabold text-neutral-950 md:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /confirm-email/{token}: confirms the address, then opens sign-in (spec section 2). */
export default function ConfirmEmailPage() {
  const { emailConfirmationToken = "" } = useParams();
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    // Once per link, even when React runs effects twice in development.
    if (startedFor.current === emailConfirmationToken) return;
    startedFor.current = emailConfirmationToken;
    mutate(emailConfirmationToken, { onSuccess: ({ email }) => openAuthModal("signIn", { email }) });
  }, [emailConfirmationToken, mutate]);

  return (
    <div className="pb-16">
      <PageHeading title="Email Confirmation" />
      <div className="px-5 md:px-10">
        {(confirm.isIdle || confirm.isPending) && (
          <Spinner label="Confirming your email" className="min-h-40 max-w-xl justify-start" />
        )}
        {confirm.isSuccess && (
          <Panel tone="success" title="Your email is confirmed">
            <p className="mt-2 text-neutral-700">
              Thanks for confirming {confirm.data.email}. Log in to favorite designs, follow artists and check out
              faster.
            </p>
            <Button className="mt-6" onClick={() => openAuthModal("signIn", { email: confirm.data.email })}>
              Login
            </Button>
          </Panel>
        )}
        {confirm.isError &&
          (isInvalidConfirmationLink(confirm.error) ? (
            <Panel tone="problem" title="This link is invalid or has expired">
              <p className="mt-2 text-neutral-700">
                Confirmation links work for a limited time. If you have already confirmed your email, just log in.
                Otherwise ask for a password reset link: opening it confirms your email too.
              </p>
              <div className="mt-6 flex flex-wrap gap-3">
                <Button onClick={() => openAuthModal("signIn")}>Login</Button>
                <Button variant="secondary" onClick={() => openAuthModal("reset")}>
                  Send a new link
                </Button>
              </div>
            </Panel>
          ) : (
            <Panel tone="problem" title="We couldn't confirm your email">
              <p className="mt-2 text-neutral-700">Something went wrong on our side. Please try again.</p>
              <Button className="mt-6" onClick={() => mutate(emailConfirmationToken)}>
                Try again
              </Button>
            </Panel>
          ))}
      </div>
    </div>
  );
}
