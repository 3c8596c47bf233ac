import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A page's "nothing here" state (unknown design or artist): a heading, a sentence and ways onward. `code`: the
 * big figure above (null for a page withdrawn by moderation, which is not a mistyped link).
 */
export function NotFoundState({
  title,
  code = "404",
  children,
}: {
  title: string;
  code?: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="px-5 py-16 md:px-10 md:py-24">
      <div className="max-w-2xl">
        {code && <p className="font-display text-6xl font-extrabold tracking-tighter text-brand md:text-7xl">{code}</p>}
        <h1 className="mt-4 font-display text-3xl font-extrabold tracking-tight text-neutral-950 md:text-5xl">
          {title}
        </h1>
        {children}
        <Link
          to="/"
          className="mt-8 inline-flex h-11 items-center rounded-full bg-brand px-6 text-sm font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Back to the home page
        </Link>
      </div>
    </div>
  );
}
