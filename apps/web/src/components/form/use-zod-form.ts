import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn, useForm } from "react-hook-form";
import type { ZodType } from "zod";

/** A form whose values are checked by a contract schema (`Input` as typed, `Output` as parsed). */
export type ZodForm<Input extends FieldValues, Output = Input> = UseFormReturn<Input, unknown, Output>;

type UseZodFormOptions<Input extends FieldValues, Output> = {
  /** The contract's schema for the form (spec section 5's rules and messages). */
  schema: ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /**
   * Fields to check again when another one changes, once the visitor has typed in them: the confirmation
   * when the password changes, so 'Passwords must match' goes as soon as they match again.
   */
  dependentFields?: Partial<Record<FieldPath<Input>, readonly FieldPath<Input>[]>>;
};

/**
 * A react-hook-form form validated with a contract schema on every change (spec section 5: fields are
 * validated on change, errors show under the field). The fields of `components/form` take the result.
 */
export function useZodForm<Input extends FieldValues, Output = Input>(
  options: UseZodFormOptions<Input, Output>,
): ZodForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(options.schema),
    mode: "onChange",
    defaultValues: options.defaultValues,
  });
  // Read from a ref so that callers may pass a new object on every render without resubscribing.
  const dependentFields = useRef(options.dependentFields);
  dependentFields.current = options.dependentFields;
  useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      if (type !== "change" || name === undefined) return;
      for (const dependent of dependentFields.current?.[name] ?? []) {
        if (form.getFieldState(dependent).isDirty) void form.trigger(dependent);
      }
    });
    return () => subscription.unsubscribe();
  }, [form]);
  return form;
}
