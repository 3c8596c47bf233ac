import { type ComponentPropsWithRef, useId } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { controlBorderClass, errorAttributes, Field, fieldError } from "./field.tsx";
import type { ZodForm } from "./use-zod-form.ts";

type TextFieldProps<Input extends FieldValues, Output> = Omit<ComponentPropsWithRef<"input">, "name" | "form"> & {
  form: ZodForm<Input, Output>;
  name: FieldPath<Input>;
  label: string;
  /** Keeps the label for screen readers only (a placeholder says the same on screen). */
  hideLabel?: boolean;
  /**
   * Rewrites what is typed or pasted before the form sees it (the card fields keep digits only, up to their
   * length), so the field never holds what its rules would refuse for a separator.
   */
  normalize?: (value: string) => string;
};

/** A labelled input of a form, with its validation message under it in red, tied to it for screen readers. */
export function TextField<Input extends FieldValues, Output>({
  form,
  name,
  label,
  hideLabel,
  id,
  className,
  normalize,
  ...inputProps
}: TextFieldProps<Input, Output>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const error = fieldError(form, name);
  const registered = form.register(name);
  return (
    <Field id={inputId} label={label} error={error} hideLabel={hideLabel} className={className}>
      <input
        id={inputId}
        {...errorAttributes(inputId, error)}
        className={`block h-11 w-full rounded-xl border bg-white px-3.5 text-base text-neutral-950 outline-none placeholder:text-neutral-400 focus:ring-2 md:text-[15px] ${controlBorderClass(error)}`}
        {...inputProps}
        {...registered}
        onChange={(event) => {
          if (normalize) {
            const normalized = normalize(event.target.value);
            // Assigned only when it differs: an assignment moves the caret to the end.
            if (normalized !== event.target.value) event.target.value = normalized;
          }
          return registered.onChange(event);
        }}
      />
    </Field>
  );
}
