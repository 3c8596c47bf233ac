import type { PersonSummary } from "@threadfolk/contract/moderation";
import { type FormEvent, useId } from "react";
import { Link, useSearchParams } from "react-router";
import { Pagination } from "../../../components/pagination.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { AdminPageHeading } from "../admin-page-heading.tsx";
import { usePeopleSearch } from "./people-api.ts";

export function StatusPills({ person }: { person: PersonSummary }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {person.storefront && (
        <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900">Artist</span>
      )}
      {person.accountSuspended && (
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
          Account suspended
        </span>
      )}
      {person.storefront?.suspended && (
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
          Storefront suspended
        </span>
      )}
    </span>
  );
}

const personHref = (id: string) => `?person=${encodeURIComponent(id)}`;

/** The people search: a field, then who matches, newest accounts first. */
export function PeopleSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get("q") ?? "";
  const page = Math.max(1, Number(searchParams.get("page")) || 1);
  const fieldId = useId();
  const people = usePeopleSearch(query, page);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setSearchParams(typed ? { q: typed } : {});
  }

  return (
    <>
      <AdminPageHeading title="People" />
      <search>
        <form onSubmit={submit} className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="grow sm:max-w-md">
            <label htmlFor={fieldId} className="mb-1 block text-sm font-semibold">
              E-mail, name or username
            </label>
            <input
              id={fieldId}
              name="q"
              type="search"
              defaultValue={query}
              key={query}
              className="block h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-[15px] focus:ring-2 focus:ring-brand"
            />
          </div>
          <button
            type="submit"
            className="h-11 rounded-full bg-neutral-950 px-5 text-sm font-bold text-white hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            Search
          </button>
        </form>
      </search>
      {people.isPending ? (
        <Spinner label="Loading people" className="mt-16" />
      ) : people.isError ? (
        <p role="alert">{people.error.message}</p>
      ) : people.data.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-600">
          Nobody matches “{query}”.
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-neutral-600" aria-live="polite">
            {people.data.meta.totalCount} {people.data.meta.totalCount === 1 ? "person" : "people"}
          </p>
          <div className="hidden overflow-x-auto rounded-xl border border-neutral-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">People matching the search</caption>
              <thead className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-700 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-3">
                    E-mail
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Username
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Storefront
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200">
                {people.data.data.map((person) => (
                  <tr key={person.id}>
                    <td className="px-4 py-3 font-semibold">
                      <Link to={personHref(person.id)} className="text-brand-dark underline-offset-2 hover:underline">
                        {person.firstName} {person.lastName}
                      </Link>
                    </td>
                    <td className="px-4 py-3 break-all">{person.email}</td>
                    <td className="px-4 py-3">{person.username}</td>
                    <td className="px-4 py-3">{person.storefront ? `@${person.storefront.username}` : "—"}</td>
                    <td className="px-4 py-3">
                      <StatusPills person={person} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden" aria-label="People matching the search">
            {people.data.data.map((person) => (
              <li key={person.id} className="rounded-xl border border-neutral-200 bg-white p-4 text-sm">
                <Link to={personHref(person.id)} className="font-semibold text-brand-dark underline underline-offset-2">
                  {person.firstName} {person.lastName}
                </Link>
                <p className="mt-1 break-all">{person.email}</p>
                <p className="text-neutral-700">
                  {person.username}
                  {person.storefront ? ` · @${person.storefront.username}` : ""}
                </p>
                <div className="mt-2">
                  <StatusPills person={person} />
                </div>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={people.data.meta.totalPages}
            hrefForPage={(target) =>
              `?${new URLSearchParams({ ...(query ? { q: query } : {}), page: String(target) })}`
            }
          />
        </>
      )}
    </>
  );
}
