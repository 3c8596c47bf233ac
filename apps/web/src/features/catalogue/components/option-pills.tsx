import { type ReactNode, useId } from "react";

type OptionPillsProps<Value extends string | number> = {
  legend: ReactNode;
  options: Array<{ value: Value; label: ReactNode; detail?: ReactNode }>;
  value: Value | undefined;
  onChange: (value: Value) => void;
  /** Shown at the end of the legend row (the size chart link). */
  aside?: ReactNode;
  /** Shown under the options in red, and read with the group ('Choose a size'). */
  error?: string;
};

/** A radio group drawn as pills (style and fit, sizes): native radios underneath, so keys and labels just work. */
export function OptionPills<Value extends string | number>({
  legend,
  options,
  value,
  onChange,
  aside,
  error,
}: OptionPillsProps<Value>) {
  const name = useId();
  const errorId = useId();
  return (
    <fieldset className="relative" aria-describedby={error ? errorId : undefined}>
      {/* The legend must be the fieldset's first child to name the group. */}
      <legend className="text-sm font-semibold text-neutral-900">{legend}</legend>
      {aside && <div className="absolute -top-0.5 right-0">{aside}</div>}
      <div className="mt-3 flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span className="flex min-h-11 min-w-12 flex-col items-center justify-center rounded-xl border border-neutral-300 bg-white px-3.5 py-1.5 text-sm font-semibold text-neutral-800 transition-colors peer-checked:border-neutral-950 peer-checked:bg-neutral-950 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand hover:border-neutral-950">
              {option.label}
              {option.detail && <span className="text-xs font-medium opacity-75">{option.detail}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
