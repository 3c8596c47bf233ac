import type { PlacedOrderState } from "@threadfolk/contract/orders";
import { formatOrderDateTime } from "../order-facts.ts";
import { buildOrderTimeline, type TimelineStep, type TimelineStepTone } from "../order-timeline.ts";

/** The current step's dot: the brand on the path, amber while something needs attention, grey once ended. */
const CURRENT_DOT: Record<TimelineStepTone, string> = {
  progress: "bg-brand text-white ring-4 ring-brand/20",
  attention: "bg-amber-500 text-white ring-4 ring-amber-500/25",
  ended: "bg-neutral-500 text-white ring-4 ring-neutral-500/20",
};

/** A tick for a step reached on the way; '!' for a current step that needs attention; a cross for a cancellation. */
function StepIcon({ step }: { step: TimelineStep }) {
  const isCurrent = step.status === "current";
  const path =
    isCurrent && step.tone === "attention"
      ? "M8 3.5v5.5M8 12.25v.25"
      : step.state === "cancelled" || step.state === "failed"
        ? "M4.5 4.5l7 7M11.5 4.5l-7 7"
        : "M3.5 8.5l3 3 6-7";
  return (
    <svg viewBox="0 0 16 16" className="size-3.5" fill="none" aria-hidden="true">
      <path d={path} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The status timeline of an order page (buildOrderTimeline): reached steps filled and dated, the current one
 * ringed (in the brand colour on the way, amber when held, returned or not printable, grey once cancelled or
 * refunded), upcoming ones hollow and grey. A vertical list, which reads the same on a phone and a desktop.
 */
export function OrderTimelineSteps({
  state,
  timeline,
}: {
  state: PlacedOrderState;
  timeline: ReadonlyArray<{ state: PlacedOrderState; at: string }>;
}) {
  const steps = buildOrderTimeline({ state, timeline });
  return (
    <ol aria-label="Order status" className="relative">
      {steps.map((step, index) => {
        const isReached = step.status !== "upcoming";
        const isLast = index === steps.length - 1;
        const nextIsReached = steps[index + 1]?.status !== "upcoming" && !isLast;
        return (
          <li
            key={step.state}
            aria-current={step.status === "current" ? "step" : undefined}
            className="relative flex gap-4 pb-6 last:pb-0"
          >
            {!isLast && (
              <span
                aria-hidden="true"
                className={`absolute top-6 left-[11px] h-[calc(100%-1.5rem)] w-0.5 ${nextIsReached ? "bg-neutral-950" : "bg-neutral-200"}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative z-10 mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full ${
                step.status === "current"
                  ? CURRENT_DOT[step.tone]
                  : isReached
                    ? "bg-neutral-950 text-white"
                    : "border-2 border-neutral-300 bg-white"
              }`}
            >
              {isReached && <StepIcon step={step} />}
            </span>
            <div className="min-w-0">
              <p className={isReached ? "font-bold text-neutral-950" : "font-medium text-neutral-500"}>
                {step.label}
                <span className="sr-only">{isReached ? " (reached)" : " (to come)"}</span>
              </p>
              {step.at && (
                <p className="text-sm text-neutral-600">
                  <time dateTime={step.at}>{formatOrderDateTime(step.at)}</time>
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
