import type { ReactNode } from "react";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { SecureCheckoutHeader } from "./secure-checkout-header.tsx";

/**
 * A checkout step: the secure header, the step's title, its main column and, beside it on desktop (under it
 * on phones), the order's summary. `after` closes the main column on desktop and comes after the summary on
 * phones: what is done last (paying) comes after the totals on a narrow screen.
 */
export function CheckoutLayout({
  title,
  children,
  aside,
  after,
  backTo,
}: {
  title: string;
  /** Where the phone's back button goes when the step is the tab's first page. */
  backTo: string;
  children: ReactNode;
  aside?: ReactNode;
  after?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <>
      <SecureCheckoutHeader backTo={backTo} />
      <main id="main-content" className="px-4 pt-6 pb-16 md:px-10 md:pt-10">
        <h1 className="font-display text-2xl font-extrabold tracking-tight text-neutral-950 md:text-4xl">{title}</h1>
        <div className="mt-6 grid gap-6 md:mt-8 lg:grid-cols-[minmax(0,1fr)_400px] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-x-10">
          <div className="min-w-0 lg:col-start-1 lg:row-start-1">{children}</div>
          {aside && (
            <aside className="space-y-6 lg:sticky lg:top-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">{aside}</aside>
          )}
          {after && <div className="min-w-0 lg:col-start-1 lg:row-start-2">{after}</div>}
        </div>
      </main>
    </>
  );
}

/** The step's cart could not be read: says so and offers to try again. */
export function CheckoutLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="py-10 text-neutral-700">
      Your cart could not be loaded just now.{" "}
      <button type="button" onClick={onRetry} className="font-semibold text-brand underline underline-offset-4">
        Try again
      </button>
    </div>
  );
}
