import type { PersonDetail as Person } from "@threadfolk/contract/moderation";
import { formatCents } from "@threadfolk/contract/money";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { OrderStateBadge } from "../../../components/order-state-badge.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { toast } from "../../../lib/toast.ts";
import { isAdminApiError } from "../admin-api.ts";
import { AdminPageHeading } from "../admin-page-heading.tsx";
import { useDesignModeration } from "../moderation/moderation-api.ts";
import { ReasonBadge } from "../moderation/moderation-page.tsx";
import { ReasonDialog } from "../moderation/reason-dialog.tsx";
import { type PersonAction, usePerson, usePersonAction } from "./people-api.ts";
import { StatusPills } from "./people-search.tsx";

const date = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

type Pending = { kind: "person"; action: PersonAction } | { kind: "design"; designId: string; designName: string };

const PERSON_ACTIONS: Record<PersonAction, { title: string; confirm: string; description: string; done: string }> = {
  account_suspension: {
    title: "Suspend this account?",
    confirm: "Suspend account",
    description: "They are signed out everywhere and can no longer sign in or check out.",
    done: "Account suspended",
  },
  account_restoration: {
    title: "Restore this account?",
    confirm: "Restore account",
    description: "They can sign in and check out again.",
    done: "Account restored",
  },
  storefront_suspension: {
    title: "Suspend this storefront?",
    confirm: "Suspend storefront",
    description:
      "The storefront and all its designs are hidden from shoppers. The artist still signs in, sees Sales and is paid.",
    done: "Storefront suspended",
  },
  storefront_restoration: {
    title: "Restore this storefront?",
    confirm: "Restore storefront",
    description: "The storefront and its designs are shown again (designs taken down stay down).",
    done: "Storefront restored",
  },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `person-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ActionButton({
  children,
  onClick,
  danger = false,
}: {
  children: ReactNode;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`h-10 rounded-full px-4 text-sm font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
        danger ? "bg-red-700 text-white hover:bg-red-800" : "border border-neutral-300 bg-white hover:bg-neutral-50"
      }`}
    >
      {children}
    </button>
  );
}

function Facts({ person }: { person: Person }) {
  const rows: Array<[string, ReactNode]> = [
    [
      "E-mail",
      <span key="email" className="break-all">
        {person.email}
      </span>,
    ],
    ["Username", person.username],
    ["Joined", date.format(new Date(person.createdAt))],
    ["Storefront", person.storefront ? `${person.storefront.displayName} (@${person.storefront.username})` : "None"],
    ["Strikes", `${person.strikes} of 3`],
  ];
  if (person.accountSuspended) rows.push(["Account suspended", person.suspensionReason ?? "—"]);
  if (person.storefrontSuspension) {
    rows.push([
      "Storefront suspended",
      `${person.storefrontSuspension.cause === "strikes" ? "Three strikes" : (person.storefrontSuspension.reason ?? "—")} (since ${date.format(new Date(person.storefrontSuspension.since))})`,
    ]);
  }
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-neutral-200 bg-white p-4 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-neutral-700">{term}</dt>
          <dd className="min-w-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One person: who they are, suspensions with their actions, orders, designs (restore a taken-down one), takedowns. */
export function PersonDetail({ id }: { id: string }) {
  const person = usePerson(id);
  const personAction = usePersonAction(id);
  const designAction = useDesignModeration();
  const [pending, setPending] = useState<Pending>();

  if (person.isPending) return <Spinner label="Loading the person" className="mt-16" />;
  if (person.isError) {
    return (
      <>
        <AdminPageHeading title={isAdminApiError(person.error, 404) ? "Person not found" : "Person"} />
        <p role="alert">{person.error.message}</p>
        <Link to="?" className="mt-4 inline-block font-semibold text-brand-dark underline">
          Back to People
        </Link>
      </>
    );
  }
  const data = person.data.data;
  const busy = personAction.isPending || designAction.isPending;
  const error = pending?.kind === "design" ? designAction.error : personAction.error;
  const open = (next: Pending) => {
    personAction.reset();
    designAction.reset();
    setPending(next);
  };

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="?" className="font-semibold text-brand-dark underline underline-offset-2">
          People
        </Link>
      </p>
      <AdminPageHeading title={`${data.firstName} ${data.lastName}`}>
        <StatusPills person={data} />
      </AdminPageHeading>
      <Facts person={data} />
      <div className="mt-4 flex flex-wrap gap-2">
        {data.accountSuspended ? (
          <ActionButton onClick={() => open({ kind: "person", action: "account_restoration" })}>
            Restore account
          </ActionButton>
        ) : (
          <ActionButton danger onClick={() => open({ kind: "person", action: "account_suspension" })}>
            Suspend account
          </ActionButton>
        )}
        {data.storefront &&
          (data.storefront.suspended ? (
            <ActionButton onClick={() => open({ kind: "person", action: "storefront_restoration" })}>
              Restore storefront
            </ActionButton>
          ) : (
            <ActionButton danger onClick={() => open({ kind: "person", action: "storefront_suspension" })}>
              Suspend storefront
            </ActionButton>
          ))}
      </div>

      <Section title="Orders">
        {data.orders.length === 0 ? (
          <p className="text-neutral-600">No orders.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-neutral-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-700 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Number
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Total
                  </th>
                  <th scope="col" className="px-4 py-3">
                    State
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200">
                {data.orders.map((order) => (
                  <tr key={order.number}>
                    <td className="px-4 py-3 font-mono whitespace-nowrap">{order.number}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{date.format(new Date(order.placedAt))}</td>
                    <td className="px-4 py-3 text-right whitespace-nowrap">{formatCents(order.totalCents)}</td>
                    <td className="px-4 py-3">
                      <OrderStateBadge state={order.state} compact />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      {data.storefront && (
        <Section title="Designs">
          {data.designs.length === 0 ? (
            <p className="text-neutral-600">No designs.</p>
          ) : (
            <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white">
              {data.designs.map((design) => (
                <li key={design.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                  <span className="min-w-0 font-semibold break-words">{design.displayName}</span>
                  <span className="flex items-center gap-3">
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                        design.takenDown
                          ? "bg-red-100 text-red-900"
                          : design.status === "active"
                            ? "bg-emerald-100 text-emerald-900"
                            : "bg-neutral-200 text-neutral-800"
                      }`}
                    >
                      {design.takenDown ? "Taken down" : design.status === "active" ? "Live" : "Deactivated"}
                    </span>
                    {design.takenDown && (
                      <ActionButton
                        onClick={() => open({ kind: "design", designId: design.id, designName: design.displayName })}
                      >
                        Restore design
                      </ActionButton>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}

      {data.takedowns.length > 0 && (
        <Section title="Takedowns and strikes">
          <ul className="space-y-2">
            {data.takedowns.map((takedown) => (
              <li key={takedown.id} className="rounded-xl border border-neutral-200 bg-white p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <ReasonBadge reason={takedown.kind} />
                  <span className="font-semibold">{takedown.designName}</span>
                  <span className="text-neutral-600">{date.format(new Date(takedown.createdAt))}</span>
                  {takedown.isStrike && !takedown.restoredAt && (
                    <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
                      Strike
                    </span>
                  )}
                  {takedown.restoredAt && (
                    <span className="text-neutral-600">restored {date.format(new Date(takedown.restoredAt))}</span>
                  )}
                </div>
                <p className="mt-1 break-words">{takedown.reason}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {pending && (
        <ReasonDialog
          open
          onOpenChange={(isOpen) => {
            if (!isOpen) setPending(undefined);
          }}
          title={pending.kind === "design" ? "Restore this design?" : PERSON_ACTIONS[pending.action].title}
          description={
            pending.kind === "design"
              ? `“${pending.designName}” will be shown again and its strike, if it had one, is lifted.`
              : PERSON_ACTIONS[pending.action].description
          }
          confirmLabel={pending.kind === "design" ? "Restore design" : PERSON_ACTIONS[pending.action].confirm}
          isDestructive={pending.kind === "person" && pending.action.endsWith("suspension")}
          isBusy={busy}
          {...(error ? { error: error.message } : {})}
          onConfirm={({ reason }) => {
            const done = () => setPending(undefined);
            if (pending.kind === "design") {
              designAction.mutate(
                { action: "restoration", designId: pending.designId, reason },
                {
                  onSuccess: () => {
                    done();
                    toast.success(`Restored ${pending.designName}`);
                  },
                },
              );
            } else {
              personAction.mutate(
                { action: pending.action, reason },
                {
                  onSuccess: () => {
                    done();
                    toast.success(PERSON_ACTIONS[pending.action].done);
                  },
                },
              );
            }
          }}
        />
      )}
    </>
  );
}
