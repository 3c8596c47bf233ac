import { ADMIN_API } from "@threadfolk/contract/admin-api-paths";
import { apiPath } from "@threadfolk/contract/api-paths";
import {
  type MarketplaceSaleReply,
  MERCHANDISING_LIMITS,
  type MerchandisingDesign,
} from "@threadfolk/contract/merchandising";
import { type FormEvent, useId, useState } from "react";
import { Spinner } from "../../../components/spinner.tsx";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import {
  dateTime,
  fieldErrors,
  merchandisingKeys,
  useDesignSearch,
  useMerchandisingChange,
  useSales,
} from "./merchandising-api.ts";
import { FieldLabel, FieldMessage, inputClass, Section, SmallButton, StatusLine } from "./merchandising-ui.tsx";

type Status = { kind: "done" | "error"; text: string } | null;

/** A `datetime-local` value (the browser's local time) for a date. */
function localInput(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

const STATUS_LABELS = { scheduled: "Scheduled", running: "Running", ended: "Ended" } as const;

function SaleRow({ sale, onStatus }: { sale: MarketplaceSaleReply; onStatus: (status: Status) => void }) {
  const change = useMerchandisingChange(merchandisingKeys.sales());
  const [percent, setPercent] = useState(String(sale.percentOff));
  const percentId = useId();
  const run = (request: { path: string; method: string; body?: unknown }, done: string) => {
    onStatus(null);
    change.mutate(request, {
      onSuccess: () => onStatus({ kind: "done", text: done }),
      onError: (error) => onStatus({ kind: "error", text: error.message }),
    });
  };
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {sale.name} · {sale.percentOff}% off
        </p>
        <span className="rounded-full bg-neutral-100 px-3 py-0.5 text-sm font-semibold">
          {STATUS_LABELS[sale.status]}
        </span>
      </div>
      <p className="text-sm text-neutral-700">
        {dateTime.format(new Date(sale.startsAt))} to {dateTime.format(new Date(sale.endsAt))} ·{" "}
        {sale.appliesToAllDesigns ? "every design" : `${sale.designs.length} chosen designs`} ({sale.coveredDesignCount}{" "}
        on sale now)
      </p>
      {sale.status !== "ended" && (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          {sale.status === "scheduled" && (
            <form
              className="flex items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                run(
                  {
                    path: apiPath(ADMIN_API.adminUpdateSale, { id: sale.id }),
                    method: "PATCH",
                    body: { percentOff: Number(percent) },
                  },
                  `${sale.name} now takes ${percent}% off`,
                );
              }}
            >
              <div>
                <FieldLabel htmlFor={percentId}>Percent off</FieldLabel>
                <input
                  id={percentId}
                  type="number"
                  min={MERCHANDISING_LIMITS.salePercentMin}
                  max={MERCHANDISING_LIMITS.salePercentMax}
                  className={`${inputClass} w-24`}
                  value={percent}
                  onChange={(event) => setPercent(event.target.value)}
                />
              </div>
              <SmallButton type="submit" disabled={change.isPending}>
                Save
              </SmallButton>
            </form>
          )}
          <SmallButton
            tone="danger"
            disabled={change.isPending}
            onClick={() =>
              run(
                { path: apiPath(ADMIN_API.adminEndSale, { id: sale.id }), method: "POST" },
                sale.status === "running" ? `${sale.name} has ended` : `${sale.name} is called off`,
              )
            }
          >
            {sale.status === "running" ? "End now" : "Call off"}
          </SmallButton>
        </div>
      )}
      {sale.status === "running" && (
        <p className="mt-1 text-sm text-neutral-700">
          A sale that has started keeps its percentage and designs: orders and royalties were made under them.
        </p>
      )}
    </li>
  );
}

function CreateSaleForm({ onStatus }: { onStatus: (status: Status) => void }) {
  const change = useMerchandisingChange<unknown>(merchandisingKeys.sales());
  const now = new Date();
  const [name, setName] = useState("");
  const [startsAt, setStartsAt] = useState(localInput(new Date(now.getTime() + 24 * 3600_000)));
  const [endsAt, setEndsAt] = useState(localInput(new Date(now.getTime() + 8 * 24 * 3600_000)));
  const [percent, setPercent] = useState("20");
  const [everyDesign, setEveryDesign] = useState(true);
  const [chosen, setChosen] = useState<MerchandisingDesign[]>([]);
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim(), 250);
  const found = useDesignSearch(everyDesign ? "" : query);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { name: useId(), start: useId(), end: useId(), percent: useId(), every: useId(), search: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onStatus(null);
    setErrors({});
    change.mutate(
      {
        path: apiPath(ADMIN_API.adminCreateSale),
        method: "POST",
        body: {
          name,
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(endsAt).toISOString(),
          percentOff: Number(percent),
          appliesToAllDesigns: everyDesign,
          designIds: everyDesign ? [] : chosen.map((design) => design.id),
        },
      },
      {
        onSuccess: () => {
          onStatus({ kind: "done", text: `${name} is booked` });
          setName("");
          setChosen([]);
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          onStatus({ kind: "error", text: error.message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3 md:grid-cols-2" aria-label="Book a sale">
      <div className="md:col-span-2">
        <FieldLabel htmlFor={ids.name}>Name</FieldLabel>
        <input
          id={ids.name}
          className={inputClass}
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.target.value)}
        />
        <FieldMessage id={`${ids.name}-error`} message={errors.name} />
      </div>
      <div>
        <FieldLabel htmlFor={ids.start}>Starts</FieldLabel>
        <input
          id={ids.start}
          type="datetime-local"
          className={inputClass}
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
        />
        <FieldMessage id={`${ids.start}-error`} message={errors.starts_at} />
      </div>
      <div>
        <FieldLabel htmlFor={ids.end}>Ends</FieldLabel>
        <input
          id={ids.end}
          type="datetime-local"
          className={inputClass}
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
        />
        <FieldMessage id={`${ids.end}-error`} message={errors.ends_at} />
      </div>
      <div>
        <FieldLabel htmlFor={ids.percent}>
          Percent off ({MERCHANDISING_LIMITS.salePercentMin} to {MERCHANDISING_LIMITS.salePercentMax})
        </FieldLabel>
        <input
          id={ids.percent}
          type="number"
          min={MERCHANDISING_LIMITS.salePercentMin}
          max={MERCHANDISING_LIMITS.salePercentMax}
          className={inputClass}
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
        />
        <FieldMessage id={`${ids.percent}-error`} message={errors.percent_off} />
      </div>
      <div className="flex items-center gap-2 self-end pb-2">
        <input
          id={ids.every}
          type="checkbox"
          className="size-5"
          checked={everyDesign}
          onChange={(event) => setEveryDesign(event.target.checked)}
        />
        <label htmlFor={ids.every} className="font-semibold">
          Every design
        </label>
      </div>
      {!everyDesign && (
        <div className="md:col-span-2">
          <FieldLabel htmlFor={ids.search}>Choose designs (search by title or artist)</FieldLabel>
          <input
            id={ids.search}
            type="search"
            className={inputClass}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <FieldMessage id={`${ids.search}-error`} message={errors.design_ids} />
          {query && found.data && (
            <ul
              className="mt-2 divide-y divide-neutral-200 rounded-xl border border-neutral-200"
              aria-label="Designs found"
            >
              {found.data.data.map((design) => {
                const isChosen = chosen.some((item) => item.id === design.id);
                return (
                  <li key={design.id} className="flex items-center gap-2 px-3 py-2">
                    <span className="min-w-0 flex-1 truncate">{design.displayName}</span>
                    <SmallButton
                      aria-label={`${isChosen ? "Leave out" : "Choose"} ${design.displayName}`}
                      onClick={() =>
                        setChosen((list) =>
                          isChosen ? list.filter((item) => item.id !== design.id) : [...list, design],
                        )
                      }
                    >
                      {isChosen ? "Leave out" : "Choose"}
                    </SmallButton>
                  </li>
                );
              })}
            </ul>
          )}
          {chosen.length > 0 && (
            <p className="mt-2 text-sm">Chosen: {chosen.map((design) => design.displayName).join(", ")}</p>
          )}
        </div>
      )}
      <div className="md:col-span-2">
        <SmallButton type="submit" tone="primary" disabled={change.isPending}>
          Book the sale
        </SmallButton>
      </div>
    </form>
  );
}

/** The marketplace sale: book a window, a percentage and the designs; change it before it starts; end it. */
export function SalePanel() {
  const sales = useSales();
  const [status, setStatus] = useState<Status>(null);
  return (
    <>
      <StatusLine status={status} />
      <Section
        title="Book a sale"
        description="One sale at a time. A sale lowers the artists' royalties too (they earn a share of the margin at the sale price), so its terms are fixed once it starts."
      >
        <CreateSaleForm onStatus={setStatus} />
      </Section>
      <Section title="Sales">
        {sales.isPending ? (
          <Spinner label="Loading the sales" />
        ) : sales.isError ? (
          <p role="alert">{sales.error.message}</p>
        ) : sales.data.data.length === 0 ? (
          <p className="text-sm text-neutral-700">No sales yet.</p>
        ) : (
          <ul className="divide-y divide-neutral-200">
            {sales.data.data.map((sale) => (
              <SaleRow key={sale.id} sale={sale} onStatus={setStatus} />
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
