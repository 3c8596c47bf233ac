import { type ComponentPropsWithRef, useId } from "react";

type TextFieldProps = ComponentPropsWithRef<"input"> & {
  label: string;
  /** The validation message shown under the field in red (spec section 5). */
  error?: string;
};

/** A labelled input with its error message under it, tied to it for screen readers. */
export function TextField({ label, error, id, className = "", ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-semibold text-neutral-800">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-1.5 block h-11 w-full rounded-xl border bg-white px-3.5 text-base text-neutral-950 outline-none placeholder:text-neutral-400 focus:ring-2 md:text-[15px] ${
          error
            ? "border-red-600 focus:border-red-600 focus:ring-red-600/20"
            : "border-neutral-300 focus:border-neutral-900 focus:ring-neutral-900/10"
        }`}
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
