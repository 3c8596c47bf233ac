import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ADMIN_API } from "@threadfolk/contract/admin-api-paths";
import { apiPath } from "@threadfolk/contract/api-paths";
import type { AuditLogEntry, AuditLogReply } from "@threadfolk/contract/operators";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { Pagination } from "../../../components/pagination.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { adminFetch } from "../admin-api.ts";
import { AdminPageHeading } from "../admin-page-heading.tsx";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium" });

function subjectOf(entry: AuditLogEntry): string {
  if (!entry.subjectType) return "—";
  return entry.subjectId ? `${entry.subjectType} ${entry.subjectId}` : entry.subjectType;
}

function Snapshot({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div className="min-w-0">
      <p className="text-xs font-bold text-neutral-600 uppercase">{label}</p>
      <pre className="mt-1 overflow-x-auto rounded-lg bg-neutral-100 p-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

function Changes({ entry }: { entry: AuditLogEntry }) {
  if ((entry.before ?? null) === null && (entry.after ?? null) === null) {
    return <span className="text-neutral-600">—</span>;
  }
  return (
    <details>
      <summary className="cursor-pointer font-semibold text-brand-dark">Before and after</summary>
      <div
        className={`mt-2 grid gap-2 ${(entry.before ?? null) !== null && (entry.after ?? null) !== null ? "lg:grid-cols-2" : ""}`}
      >
        <Snapshot label="Before" value={entry.before} />
        <Snapshot label="After" value={entry.after} />
      </div>
    </details>
  );
}

function ActionBadge({ action }: { action: string }) {
  return (
    <code className="rounded-md bg-neutral-100 px-2 py-0.5 text-[13px] font-semibold text-neutral-900">{action}</code>
  );
}

/** `/admin/audit-log`: every operator action, newest first, filtered by action and operator (issue 28). */
export function AuditLogPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get("page")) || 1);
  const action = searchParams.get("action") ?? "";
  const operatorId = searchParams.get("operator") ?? "";
  const actionId = useId();
  const operatorFieldId = useId();
  const log = useQuery({
    queryKey: ["admin", "audit-log", { page, action, operatorId }],
    queryFn: () =>
      adminFetch<AuditLogReply>(apiPath(ADMIN_API.adminAuditLog), {
        query: { page, action: action || undefined, operatorId: operatorId || undefined },
      }),
    placeholderData: keepPreviousData,
  });

  const setFilter = (name: "action" | "operator", value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete("page");
    setSearchParams(next);
  };
  const hrefForPage = (target: number) => {
    const next = new URLSearchParams(searchParams);
    next.set("page", String(target));
    return `?${next.toString()}`;
  };
  const selectClass =
    "block h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-[15px] focus:ring-2 focus:ring-brand md:w-64";

  return (
    <>
      <AdminPageHeading title="Audit log" />
      <div className="mb-6 flex flex-col gap-4 md:flex-row md:items-end">
        <div>
          <label htmlFor={actionId} className="mb-1 block text-sm font-semibold">
            Action
          </label>
          <select
            id={actionId}
            className={selectClass}
            value={action}
            onChange={(event) => setFilter("action", event.target.value)}
          >
            <option value="">All actions</option>
            {(log.data?.meta.actions ?? (action ? [action] : [])).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={operatorFieldId} className="mb-1 block text-sm font-semibold">
            Operator
          </label>
          <select
            id={operatorFieldId}
            className={selectClass}
            value={operatorId}
            onChange={(event) => setFilter("operator", event.target.value)}
          >
            <option value="">All operators</option>
            {(log.data?.meta.operators ?? []).map((operator) => (
              <option key={operator.id} value={operator.id}>
                {operator.email}
              </option>
            ))}
          </select>
        </div>
        {log.data && (
          <p className="text-sm text-neutral-600 md:ml-auto" aria-live="polite">
            {log.data.meta.totalCount} {log.data.meta.totalCount === 1 ? "entry" : "entries"}
          </p>
        )}
      </div>

      {log.isPending ? (
        <Spinner label="Loading the audit log" className="mt-16" />
      ) : log.isError ? (
        <p role="alert">{log.error.message}</p>
      ) : log.data.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-600">
          No entries match.
        </p>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-neutral-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Operator actions, newest first</caption>
              <thead className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-700 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    When
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Operator
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Action
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Subject
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Reason
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Changes
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200">
                {log.data.data.map((entry) => (
                  <tr key={entry.id} className="align-top">
                    <td className="px-4 py-3 whitespace-nowrap">
                      <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
                    </td>
                    <td className="px-4 py-3 [overflow-wrap:anywhere]">{entry.operatorEmail}</td>
                    <td className="px-4 py-3">
                      <ActionBadge action={entry.action} />
                    </td>
                    <td className="px-4 py-3 [overflow-wrap:anywhere]">{subjectOf(entry)}</td>
                    <td className="px-4 py-3">{entry.reason ?? "—"}</td>
                    <td className="w-[28rem] px-4 py-3">
                      <Changes entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden" aria-label="Operator actions, newest first">
            {log.data.data.map((entry) => (
              <li key={entry.id} className="rounded-xl border border-neutral-200 bg-white p-4 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <ActionBadge action={entry.action} />
                  <time dateTime={entry.at} className="text-neutral-600">
                    {dateTime.format(new Date(entry.at))}
                  </time>
                </div>
                <p className="mt-2 break-all">
                  <span className="text-neutral-600">By </span>
                  {entry.operatorEmail}
                </p>
                <p className="break-all">
                  <span className="text-neutral-600">Subject: </span>
                  {subjectOf(entry)}
                </p>
                {entry.reason && (
                  <p>
                    <span className="text-neutral-600">Reason: </span>
                    {entry.reason}
                  </p>
                )}
                <div className="mt-2">
                  <Changes entry={entry} />
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} totalPages={log.data.meta.totalPages} hrefForPage={hrefForPage} />
        </>
      )}
    </>
  );
}
