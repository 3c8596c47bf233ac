import { type ComponentPropsWithRef, useId } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { ChevronDownIcon } from "../icons/icons.tsx";
import { controlBorderClass, errorAttributes, Field, fieldError } from "./field.tsx";
import type { ZodForm } from "./use-zod-form.ts";

type SelectOption = { value: string; label: string };

type SelectFieldProps<Input extends FieldValues, Output> = Omit<ComponentPropsWithRef<"select">, "name" | "form"> & {
  form: ZodForm<Input, Output>;
  name: FieldPath<Input>;
  label: string;
  options: readonly SelectOption[];
  /** Shown while nothing is chosen, and cannot be chosen itself (spec section 2: '--Select State--'). */
  placeholder?: string;
};

/**
 * A labelled native select of a form with its validation message under it: the phone's own picker on touch
 * screens, and the keyboard's type-ahead on a list of 52 states.
 */
export function SelectField<Input extends FieldValues, Output>({
  form,
  name,
  label,
  options,
  placeholder,
  id,
  className,
  ...selectProps
}: SelectFieldProps<Input, Output>) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const error = fieldError(form, name);
  return (
    <Field id={selectId} label={label} error={error} className={className}>
      <div className="relative">
        <select
          id={selectId}
          {...errorAttributes(selectId, error)}
          className={`block h-11 w-full appearance-none rounded-xl border bg-white pr-10 pl-3.5 text-base text-neutral-950 outline-none focus:ring-2 md:text-[15px] ${controlBorderClass(error)}`}
          {...selectProps}
          {...form.register(name)}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-neutral-500" />
      </div>
    </Field>
  );
}
