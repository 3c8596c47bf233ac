import { homeCollectionResultsPath } from "@threadfolk/contract/routes";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AccountIcon, CartIcon } from "../../components/icons/icons.tsx";
import { Logo } from "../../components/logo.tsx";
import { SearchForm } from "../../components/search-form.tsx";
import { appConfig } from "../../lib/config.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { Footer } from "../layout/footer.tsx";

const POPULAR_COLLECTIONS = [
  { key: "popular", label: "Most popular" },
  { key: "recent", label: "Just dropped" },
  { key: "picks", label: "Staff picks" },
  { key: "anime", label: "Anime" },
  { key: "funny", label: "Funny" },
  { key: "nerdery", label: "Nerdery" },
  { key: "browse", label: "Browse everything" },
] as const;

/** Links into the home collections: the popular section when the popular designs cannot be loaded. */
export function PopularCollectionsSection() {
  return (
    <section aria-labelledby="fallback-popular-heading" className="mt-14">
      <h2 id="fallback-popular-heading" className="font-display text-2xl font-extrabold tracking-tight">
        Popular right now
      </h2>
      <ul className="mt-5 flex flex-wrap gap-3">
        {POPULAR_COLLECTIONS.map((collection) => (
          <li key={collection.key}>
            <Link
              to={homeCollectionResultsPath(collection.key)}
              className="inline-flex h-11 items-center rounded-full border border-neutral-300 bg-white px-5 text-sm font-semibold text-neutral-800 transition-colors hover:border-neutral-950 hover:bg-neutral-950 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              {collection.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The fallback's own header: every entry is a plain link to / so the app starts again from scratch. */
function FallbackHeader() {
  const iconLinkClass =
    "flex size-11 items-center justify-center rounded-full text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand";
  return (
    <header className="border-b border-neutral-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-[1440px] items-center px-4 md:h-[72px] md:px-10">
        <a
          href="/"
          aria-label={`${appConfig.brandName} home`}
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-brand"
        >
          <Logo />
        </a>
        <div className="ml-auto flex items-center gap-1">
          <a href="/" aria-label="Account" className={iconLinkClass}>
            <AccountIcon className="size-6" />
          </a>
          <a href="/" aria-label="Shopping cart" className={iconLinkClass}>
            <CartIcon className="size-6" />
          </a>
        </div>
      </nav>
    </header>
  );
}

/** The page shown after an uncaught render error (spec: Error fallback page). */
export function ErrorFallbackPage({ popularSection }: { popularSection?: ReactNode }) {
  useDocumentTitle("Something went wrong");
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <FallbackHeader />
      <main className="mx-auto w-full max-w-[1440px] flex-1 px-5 py-14 md:px-10 md:py-20">
        <div className="max-w-3xl">
          <p className="text-sm font-bold tracking-[0.16em] text-brand uppercase">Error</p>
          <h1 className="mt-3 font-display text-4xl font-extrabold tracking-tight text-neutral-950 md:text-6xl">
            Oops! We goofed up
          </h1>
          <p className="mt-5 text-lg text-neutral-700">It's not you, it's us. We'll be back to fix this issue</p>
          <p className="mt-8 font-semibold text-neutral-900">
            While we are investigating the issue, these might interest you
          </p>
          <SearchForm label={`Search ${appConfig.brandName}`} className="mt-4 max-w-xl" />
        </div>
        {popularSection ?? <PopularCollectionsSection />}
      </main>
      <Footer />
    </div>
  );
}
