import { shippingFormSchema } from "@threadfolk/contract/validation";
import type { z } from "zod";
import { Button } from "../../../components/button.tsx";
import { AddressFields } from "../../../components/form/address-fields.tsx";
import { CheckboxField } from "../../../components/form/checkbox-field.tsx";
import { TextField } from "../../../components/form/text-field.tsx";
import { useZodForm, type ZodForm } from "../../../components/form/use-zod-form.ts";
import type { ShippingFormValues } from "../shipping-form-values.ts";

export type ShippingForm = ZodForm<z.input<typeof shippingFormSchema>, z.output<typeof shippingFormSchema>>;

/** The shipping step's form, validated on change with the contract's `shippingFormSchema` (spec section 5). */
export function useShippingForm(defaultValues: ShippingFormValues): ShippingForm {
  return useZodForm({
    schema: shippingFormSchema,
    defaultValues,
    // Leaving 'Use as Billing Address' on again clears the billing block's errors.
    dependentFields: {
      billingSameAsShipping: [
        "billingFirstName",
        "billingLastName",
        "billingAddress1",
        "billingCity",
        "billingState",
        "billingZip",
      ],
    },
  });
}

/**
 * Shipping Information (spec section 2): the shipping address, the e-mail, 'Use as Billing Address' (the
 * billing block appears only when it is off; otherwise an empty block stands in its place) and 'Continue'.
 */
export function ShippingInformationForm({
  form,
  onSubmit,
  isBusy,
}: {
  form: ShippingForm;
  onSubmit: (values: z.input<typeof shippingFormSchema>) => void;
  isBusy: boolean;
}) {
  const billingSameAsShipping = form.watch("billingSameAsShipping");
  return (
    <form
      noValidate
      aria-label="Shipping Information"
      onSubmit={form.handleSubmit(() => onSubmit(form.getValues()))}
      className="space-y-8"
    >
      <div className="rounded-2xl bg-white p-5 ring-1 ring-neutral-900/10 md:p-8">
        <AddressFields form={form} prefix="shipping" legend="Shipping Address" />
        <TextField
          form={form}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          className="mt-4"
        />
        <CheckboxField form={form} name="billingSameAsShipping" label="Use as Billing Address" className="mt-6" />
      </div>
      {billingSameAsShipping ? (
        <div aria-hidden="true" />
      ) : (
        <div className="rounded-2xl bg-white p-5 ring-1 ring-neutral-900/10 md:p-8">
          <AddressFields form={form} prefix="billing" legend="Billing Address" />
        </div>
      )}
      <Button type="submit" className="w-full md:w-auto md:min-w-60" disabled={isBusy}>
        Continue
      </Button>
    </form>
  );
}
