import type { MarketplaceSaleResponse } from "@threadfolk/contract/discovery-constants";
import { useCountdown } from "../hooks/use-countdown.ts";

const UNITS = [
  { key: "days", label: "Days" },
  { key: "hours", label: "Hours" },
  { key: "minutes", label: "Minutes" },
  { key: "seconds", label: "Seconds" },
] as const;

/**
 * The 'Sale Ends In' banner (spec section 2): a countdown in days, hours, minutes and seconds (no years or
 * months). Rendered only when a sale runs; the page decides that.
 */
export function SaleCountdown({
  sale,
  compact = false,
}: {
  sale: NonNullable<MarketplaceSaleResponse["data"]>;
  compact?: boolean;
}) {
  const parts = useCountdown(sale.attributes.endDate);
  if (!parts) return null;
  const { name, percentOff } = sale.attributes;
  return (
    <section
      aria-label="Sale Ends In"
      className={`relative overflow-hidden rounded-2xl bg-neutral-950 text-white ${compact ? "px-4 py-3" : "px-8 py-5"}`}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-16 -left-10 size-48 rounded-full bg-brand/50 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-10 -bottom-20 size-56 rounded-full bg-amber-400/25 blur-3xl"
      />
      <div className={`relative flex items-center ${compact ? "flex-col gap-2" : "justify-between gap-6"}`}>
        <div className={compact ? "text-center" : ""}>
          <h2 className={`font-display font-extrabold tracking-tight uppercase ${compact ? "text-lg" : "text-2xl"}`}>
            Sale Ends In
          </h2>
          <p className={`text-neutral-300 ${compact ? "text-xs" : "mt-0.5 text-sm"}`}>
            {name}
            {percentOff > 0 && <span className="font-semibold text-amber-300"> · {percentOff}% off</span>}
          </p>
        </div>
        <div role="timer" aria-label="Time left in the sale" className={`flex ${compact ? "gap-2" : "gap-3"}`}>
          {UNITS.map(({ key, label }) => (
            <div
              key={key}
              className={`flex flex-col items-center rounded-xl bg-white/10 ring-1 ring-white/15 ${compact ? "w-[60px] py-1.5" : "w-[76px] py-2"}`}
            >
              <span className={`font-display font-extrabold tabular-nums ${compact ? "text-xl" : "text-3xl"}`}>
                {String(parts[key]).padStart(2, "0")}
              </span>
              <span
                className={`font-semibold tracking-wide text-neutral-300 uppercase ${compact ? "text-[10px]" : "text-[11px]"}`}
              >
                {label}
              </span>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
