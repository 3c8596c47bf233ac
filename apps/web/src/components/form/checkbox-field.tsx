import { type ComponentPropsWithRef, useId } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { errorAttributes, fieldError, fieldErrorId } from "./field.tsx";
import type { ZodForm } from "./use-zod-form.ts";

type CheckboxFieldProps<Input extends FieldValues, Output> = Omit<
  ComponentPropsWithRef<"input">,
  "name" | "form" | "type"
> & {
  form: ZodForm<Input, Output>;
  name: FieldPath<Input>;
  label: string;
};

/** A checkbox of a form with its label beside it and its validation message under it in red. */
export function CheckboxField<Input extends FieldValues, Output>({
  form,
  name,
  label,
  id,
  className = "",
  ...inputProps
}: CheckboxFieldProps<Input, Output>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const error = fieldError(form, name);
  return (
    <div className={className}>
      <div className="flex items-center gap-2.5">
        <input
          id={inputId}
          type="checkbox"
          {...errorAttributes(inputId, error)}
          className="size-5 shrink-0 rounded border-neutral-300 accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          {...inputProps}
          {...form.register(name)}
        />
        <label htmlFor={inputId} className="text-sm font-semibold text-neutral-800">
          {label}
        </label>
      </div>
      {error && (
        <p id={fieldErrorId(inputId)} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
