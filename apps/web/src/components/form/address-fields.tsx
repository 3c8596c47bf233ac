import { US_STATES } from "@threadfolk/contract/states";
import type { FieldPath, FieldValues } from "react-hook-form";
import { SelectField } from "./select-field.tsx";
import { TextField } from "./text-field.tsx";
import type { ZodForm } from "./use-zod-form.ts";

/** Which address of the checkout form the fields fill: `shippingFirstName`, `billingFirstName` and so on. */
type AddressPrefix = "shipping" | "billing";

const ADDRESS_PARTS = ["FirstName", "LastName", "Address1", "Address2", "City", "State", "Zip"] as const;
type AddressPart = (typeof ADDRESS_PARTS)[number];

/** The values a form needs to hold one address under `prefix` (spec section 3, shipping address form). */
type AddressFormValues<Prefix extends AddressPrefix> = FieldValues & {
  [Part in AddressPart as `${Prefix}${Part}`]?: string;
};

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.abbreviation, label: state.name }));

/** Spec section 2, checkout shipping step: the state select's placeholder, which cannot be chosen. */
export const STATE_PLACEHOLDER = "--Select State--";

/**
 * One address of the checkout (spec sections 2, 3 and 5): First Name, Last Name, Address1, Address2, City,
 * State and Zip, in a fieldset named by `legend` so that the shipping and billing blocks can share labels.
 * The form's schema (the contract's `shippingFormSchema`) holds the rules and messages.
 */
export function AddressFields<Prefix extends AddressPrefix, Input extends AddressFormValues<Prefix>, Output>({
  form,
  prefix,
  legend,
  className = "",
}: {
  form: ZodForm<Input, Output>;
  prefix: Prefix;
  legend: string;
  className?: string;
}) {
  const name = (part: AddressPart) => `${prefix}${part}` as FieldPath<Input>;
  // The browser's autofill keeps the shipping and billing addresses apart by these section tokens.
  const autofill = (token: string) => `${prefix} ${token}`;
  return (
    <fieldset className={className}>
      <legend className="mb-4 font-display text-lg font-extrabold tracking-tight text-neutral-950">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name={name("FirstName")} label="First Name" autoComplete={autofill("given-name")} />
        <TextField form={form} name={name("LastName")} label="Last Name" autoComplete={autofill("family-name")} />
        <TextField
          form={form}
          name={name("Address1")}
          label="Address1"
          autoComplete={autofill("address-line1")}
          className="sm:col-span-2"
        />
        <TextField
          form={form}
          name={name("Address2")}
          label="Address2"
          autoComplete={autofill("address-line2")}
          className="sm:col-span-2"
        />
        <TextField form={form} name={name("City")} label="City" autoComplete={autofill("address-level2")} />
        <SelectField
          form={form}
          name={name("State")}
          label="State"
          options={STATE_OPTIONS}
          placeholder={STATE_PLACEHOLDER}
          autoComplete={autofill("address-level1")}
        />
        <TextField
          form={form}
          name={name("Zip")}
          label="Zip"
          inputMode="numeric"
          maxLength={10}
          autoComplete={autofill("postal-code")}
        />
      </div>
    </fieldset>
  );
}
