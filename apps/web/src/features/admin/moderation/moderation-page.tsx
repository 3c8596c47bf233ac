import { MODERATION_REASON_LABELS, type ModerationReason, type QueueEntry } from "@threadfolk/contract/moderation";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Pagination } from "../../../components/pagination.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { toast } from "../../../lib/toast.ts";
import { AdminPageHeading } from "../admin-page-heading.tsx";
import { useDesignModeration, useReportQueue } from "./moderation-api.ts";
import { ReasonDialog, type ReasonDialogResult } from "./reason-dialog.tsx";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

const REASON_BADGE: Record<ModerationReason, string> = {
  intellectual_property: "bg-violet-100 text-violet-900",
  offensive: "bg-red-100 text-red-900",
  other: "bg-neutral-200 text-neutral-800",
};

export function ReasonBadge({ reason }: { reason: ModerationReason }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${REASON_BADGE[reason]}`}>
      {MODERATION_REASON_LABELS[reason]}
    </span>
  );
}

/** The reason most reports give (intellectual property first on a tie): what the takedown dialog starts with. */
function likeliestKind(entry: QueueEntry): ModerationReason {
  const counts = new Map<ModerationReason, number>();
  for (const report of entry.reports) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  return entry.reasons.reduce<ModerationReason>(
    (best, reason) => ((counts.get(reason) ?? 0) > (counts.get(best) ?? 0) ? reason : best),
    entry.reasons[0] ?? "other",
  );
}

type Pending = { entry: QueueEntry; action: "takedown" | "restoration" | "dismissal" };

function designState(entry: QueueEntry): { label: string; className: string } {
  if (entry.takenDown) return { label: "Taken down", className: "bg-red-100 text-red-900" };
  if (entry.storefrontSuspended) return { label: "Shop suspended", className: "bg-amber-100 text-amber-900" };
  if (entry.designStatus === "deactivated")
    return { label: "Deactivated", className: "bg-neutral-200 text-neutral-800" };
  return { label: "Live", className: "bg-emerald-100 text-emerald-900" };
}

function QueueCard({ entry, onAct }: { entry: QueueEntry; onAct: (pending: Pending) => void }) {
  const state = designState(entry);
  const headingId = `queue-${entry.designId}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-neutral-200 bg-white p-4 md:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-bold break-words">
              <Link
                to={`/design/${entry.designId}/${entry.designSlug}`}
                target="_blank"
                className="underline-offset-2 hover:underline"
              >
                {entry.designName}
              </Link>
            </h2>
            <p className="text-sm text-neutral-700">
              by {entry.artistName} (@{entry.artistUsername}) · {entry.strikes}{" "}
              {entry.strikes === 1 ? "strike" : "strikes"}
            </p>
          </div>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${state.className}`}>{state.label}</span>
        </div>
        <p className="mt-2 text-sm text-neutral-700">
          {entry.openReportCount} open {entry.openReportCount === 1 ? "report" : "reports"}, the first{" "}
          <time dateTime={entry.firstReportedAt}>{dateTime.format(new Date(entry.firstReportedAt))}</time>
        </p>
        <ul className="mt-3 space-y-2" aria-label={`Reports of ${entry.designName}`}>
          {entry.reports.map((report) => (
            <li key={report.id} className="rounded-lg bg-neutral-50 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <ReasonBadge reason={report.reason} />
                <span className="break-all text-neutral-800">{report.email}</span>
                <time dateTime={report.createdAt} className="text-neutral-600">
                  {dateTime.format(new Date(report.createdAt))}
                </time>
              </div>
              <p className="mt-1.5 whitespace-pre-line break-words text-neutral-900">{report.details}</p>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap gap-2">
          {entry.takenDown ? (
            <button
              type="button"
              onClick={() => onAct({ entry, action: "restoration" })}
              className="h-10 rounded-full border border-neutral-300 px-4 text-sm font-bold hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-brand"
            >
              Restore design
            </button>
          ) : (
            <button
              type="button"
              onClick={() => onAct({ entry, action: "takedown" })}
              className="h-10 rounded-full bg-red-700 px-4 text-sm font-bold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              Take down
            </button>
          )}
          <button
            type="button"
            onClick={() => onAct({ entry, action: "dismissal" })}
            className="h-10 rounded-full border border-neutral-300 px-4 text-sm font-bold hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-brand"
          >
            Dismiss reports
          </button>
        </div>
      </article>
    </li>
  );
}

const DIALOG_TEXT = {
  takedown: {
    title: "Take this design down?",
    confirm: "Take down",
    description: (name: string) =>
      `“${name}” will be hidden everywhere and carts will show it as unavailable. Its artist is e-mailed your reason. An intellectual property takedown is a strike; three suspend the storefront.`,
  },
  restoration: {
    title: "Restore this design?",
    confirm: "Restore design",
    description: (name: string) =>
      `“${name}” will be shown again and its strike, if it had one, is lifted. Its artist is e-mailed.`,
  },
  dismissal: {
    title: "Dismiss these reports?",
    confirm: "Dismiss reports",
    description: (name: string) => `The open reports of “${name}” are closed; the design stays as it is.`,
  },
} as const;

/** `/admin/moderation`: designs with open reports, the longest waiting first; take down, restore, dismiss. */
export function ModerationPage() {
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get("page")) || 1);
  const queue = useReportQueue(page);
  const moderation = useDesignModeration();
  const [pending, setPending] = useState<Pending>();
  const text = pending ? DIALOG_TEXT[pending.action] : undefined;

  function confirm({ reason, kind }: ReasonDialogResult) {
    if (!pending) return;
    const { entry, action } = pending;
    const request =
      action === "takedown"
        ? { action, designId: entry.designId, reason, kind: kind ?? likeliestKind(entry) }
        : action === "restoration"
          ? { action, designId: entry.designId, reason }
          : { action, designId: entry.designId, ...(reason ? { reason } : {}) };
    moderation.mutate(request, {
      onSuccess: () => {
        setPending(undefined);
        toast.success(
          action === "takedown"
            ? `Took down ${entry.designName}`
            : action === "restoration"
              ? `Restored ${entry.designName}`
              : `Dismissed the reports of ${entry.designName}`,
        );
      },
    });
  }

  return (
    <>
      <AdminPageHeading title="Moderation">
        {queue.data && (
          <p className="text-sm text-neutral-600" aria-live="polite">
            {queue.data.meta.totalCount} {queue.data.meta.totalCount === 1 ? "design" : "designs"} with open reports
          </p>
        )}
      </AdminPageHeading>
      {queue.isPending ? (
        <Spinner label="Loading the reports" className="mt-16" />
      ) : queue.isError ? (
        <p role="alert">{queue.error.message}</p>
      ) : queue.data.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-600">
          No open reports. Nothing to review.
        </p>
      ) : (
        <>
          <ul className="space-y-4">
            {queue.data.data.map((entry) => (
              <QueueCard
                key={entry.designId}
                entry={entry}
                onAct={(next) => {
                  moderation.reset();
                  setPending(next);
                }}
              />
            ))}
          </ul>
          <Pagination page={page} totalPages={queue.data.meta.totalPages} hrefForPage={(target) => `?page=${target}`} />
        </>
      )}
      {pending && text && (
        <ReasonDialog
          open
          onOpenChange={(open) => {
            if (!open) setPending(undefined);
          }}
          title={text.title}
          description={text.description(pending.entry.designName)}
          confirmLabel={text.confirm}
          {...(pending.action === "takedown" ? { kind: likeliestKind(pending.entry) } : {})}
          isReasonRequired={pending.action !== "dismissal"}
          isDestructive={pending.action === "takedown"}
          isBusy={moderation.isPending}
          {...(moderation.error ? { error: moderation.error.message } : {})}
          onConfirm={confirm}
        />
      )}
    </>
  );
}
