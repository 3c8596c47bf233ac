import type { ReactNode } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import type { ZodForm } from "./use-zod-form.ts";

/** The label, the control and the validation message under it in red (spec section 5), tied together by ids. */
export function Field({
  id,
  label,
  error,
  hideLabel = false,
  className = "",
  children,
}: {
  /** The control's id: the label points at it, and the message is `{id}-error`. */
  id: string;
  label: string;
  error?: string;
  /** Keeps the label for screen readers only (the placeholder says the same on screen). */
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "mb-1.5 block text-sm font-semibold text-neutral-800"}>
        {label}
      </label>
      {children}
      {error && (
        <p id={fieldErrorId(id)} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The id of a control's validation message. */
export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** The attributes that make a control announce its error: aria-invalid, and the message as its description. */
export function errorAttributes(id: string, error: string | undefined) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? fieldErrorId(id) : undefined,
  } as const;
}

/** Border colours of a text control, red while it holds an error. */
export function controlBorderClass(error: string | undefined): string {
  return error
    ? "border-red-600 focus:border-red-600 focus:ring-red-600/20"
    : "border-neutral-300 focus:border-neutral-900 focus:ring-neutral-900/10";
}

/** The validation message of a form field, if it has one (read through formState so the field re-renders). */
export function fieldError<Input extends FieldValues, Output>(
  form: ZodForm<Input, Output>,
  name: FieldPath<Input>,
): string | undefined {
  return form.getFieldState(name, form.formState).error?.message;
}
