import { DESIGNER_STEP_NAMES, DESIGNER_STEPS, type DesignerStep } from "@threadfolk/contract/studio";

type StepIndicatorProps = {
  current: DesignerStep;
  /** Steps the artist may jump to (those already reached, or every step in the editor). */
  isReachable: (step: DesignerStep) => boolean;
  onSelect: (step: DesignerStep) => void;
};

/** The designer's steps, numbered, the current one marked; reached steps are buttons. */
export function StepIndicator({ current, isReachable, onSelect }: StepIndicatorProps) {
  const currentIndex = DESIGNER_STEPS.indexOf(current);
  return (
    <nav aria-label="Steps" className="overflow-x-auto [scrollbar-width:none]">
      <ol className="flex min-w-max items-center gap-0.5 md:gap-2">
        {DESIGNER_STEPS.map((step, index) => {
          const isCurrent = step === current;
          const isDone = index < currentIndex;
          const reachable = !isCurrent && isReachable(step);
          const badge = (
            <span
              aria-hidden="true"
              className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                isCurrent
                  ? "bg-brand text-white"
                  : isDone
                    ? "bg-neutral-900 text-white"
                    : "border border-neutral-300 bg-white text-neutral-500"
              }`}
            >
              {isDone ? "✓" : index + 1}
            </span>
          );
          const label = (
            // Phones show every step's number and the current step's name; desktops name them all.
            <span
              className={`text-sm ${isCurrent ? "font-bold text-neutral-950" : "sr-only font-medium text-neutral-600 md:not-sr-only"}`}
            >
              {DESIGNER_STEP_NAMES[step]}
            </span>
          );
          return (
            <li key={step} className="flex items-center gap-1 md:gap-2">
              {index > 0 && <span aria-hidden="true" className="h-px w-2 bg-neutral-300 md:w-6" />}
              {reachable ? (
                <button
                  type="button"
                  onClick={() => onSelect(step)}
                  className="flex items-center gap-2 rounded-full py-1 md:pr-2 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {badge}
                  {label}
                </button>
              ) : (
                <span aria-current={isCurrent ? "step" : undefined} className="flex items-center gap-2 py-1 md:pr-2">
                  {badge}
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
