import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import type { ReactNode } from "react";
import { Link } from "react-router";

const primaryLink =
  "inline-flex h-11 items-center rounded-full bg-brand px-6 text-sm font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/** A studio screen's empty or starting state: a title, a sentence or two and the one action that helps. */
export function StudioCallout({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action: { label: string; to: string };
}) {
  return (
    <div className="rounded-2xl bg-neutral-50 px-5 py-10 text-center md:py-14">
      <h2 className="font-display text-xl font-extrabold text-neutral-950 md:text-2xl">{title}</h2>
      <div className="mx-auto mt-2 max-w-xl text-neutral-700">{children}</div>
      <Link to={action.to} className={`${primaryLink} mt-6`}>
        {action.label}
      </Link>
    </div>
  );
}

/** A customer without a storefront on a studio page: the way to open one. */
export function NoStorefrontCallout() {
  return (
    <StudioCallout
      title="Open your storefront first"
      action={{ label: "Open My Storefront", to: CLIENT_ROUTES.sellerProfile }}
    >
      Sales, My Designs and the Product Designer are for artists. Open a storefront (it takes a minute) and upload your
      first design: we print, ship and pay you on every sale.
    </StudioCallout>
  );
}

/** A failed read, with a way to try again. */
export function StudioLoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl bg-neutral-50 px-5 py-8">
      <p className="text-neutral-700">{what} could not be loaded.</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 inline-flex h-10 items-center rounded-full border border-neutral-300 bg-white px-4 text-sm font-semibold"
      >
        Try again
      </button>
    </div>
  );
}
