import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useParams } from "react-router";
import { PageHeading } from "../components/page-heading.tsx";
import { Spinner } from "../components/spinner.tsx";
import { useConfirmPayPalEmail } from "../features/studio/api/payouts.ts";
import { ApiError } from "../lib/api-client.ts";

function Panel({ tone, title, children }: { tone: "success" | "problem"; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="confirm-payout-email-result"
      className={`max-w-xl rounded-3xl border p-6 md:p-8 ${
        tone === "success" ? "border-emerald-200 bg-emerald-50/60" : "border-amber-200 bg-amber-50/70"
      }`}
    >
      <h2 id="confirm-payout-email-result" className="font-display text-xl font-extrabold text-neutral-950 md:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

const salesLink = (
  <Link
    to={CLIENT_ROUTES.sellerOrders}
    className="mt-6 inline-flex h-12 items-center rounded-full bg-brand px-6 text-[15px] font-bold text-white hover:bg-brand-dark"
  >
    Go to Sales
  </Link>
);

/** /confirm-payout-email/{token}: confirms the PayPal e-mail an artist's payouts go to (issue 29). */
export default function ConfirmPayoutEmailPage() {
  const { payoutEmailToken = "" } = useParams();
  const confirm = useConfirmPayPalEmail();
  const { mutate } = confirm;
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    // Once per link, even when React runs effects twice in development.
    if (startedFor.current === payoutEmailToken) return;
    startedFor.current = payoutEmailToken;
    mutate(payoutEmailToken);
  }, [payoutEmailToken, mutate]);

  return (
    <div className="pb-16">
      <PageHeading title="PayPal E-mail Confirmation" />
      <div className="px-5 md:px-10">
        {(confirm.isIdle || confirm.isPending) && (
          <Spinner label="Confirming your PayPal e-mail" className="min-h-40 max-w-xl justify-start" />
        )}
        {confirm.isSuccess && (
          <Panel tone="success" title="Your PayPal e-mail is confirmed">
            <p className="mt-2 text-neutral-700">
              Your payouts now go to {confirm.data.data.paypalEmail}.
              {confirm.data.data.heldUntil
                ? " For your security, payouts are held for 7 days after a change."
                : " You are paid monthly once your available balance reaches your minimum payout."}
            </p>
            {salesLink}
          </Panel>
        )}
        {confirm.isError && (
          <Panel tone="problem" title="This link is invalid or has expired">
            <p className="mt-2 text-neutral-700">
              {confirm.error instanceof ApiError && confirm.error.status === 422
                ? "Confirmation links work once, for 48 hours. Ask for a new one in your payout settings on the Sales page."
                : "Something went wrong on our side. Please try again."}
            </p>
            {salesLink}
          </Panel>
        )}
      </div>
    </div>
  );
}
