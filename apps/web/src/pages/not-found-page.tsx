import { Link } from "react-router";
import { SearchForm } from "../components/search-form.tsx";
import { useDocumentTitle } from "../lib/use-document-title.ts";

/** Shown for any path that is not a page of the app (the server also answers it with a 404 status). */
export default function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="px-5 py-16 md:px-10 md:py-24">
      <div className="max-w-2xl">
        <p className="font-display text-7xl font-extrabold tracking-tighter text-brand md:text-8xl">404</p>
        <h1 className="mt-4 font-display text-3xl font-extrabold tracking-tight text-neutral-950 md:text-5xl">
          Page not found
        </h1>
        <p className="mt-4 text-lg text-neutral-700">
          This page has wandered off, or never existed. Search for a design, or head back to the home page.
        </p>
        <SearchForm label="Search for designs" className="mt-8 max-w-xl" />
        <Link
          to="/"
          className="mt-6 inline-flex h-11 items-center rounded-full bg-brand px-6 text-sm font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Back to the home page
        </Link>
      </div>
    </div>
  );
}
