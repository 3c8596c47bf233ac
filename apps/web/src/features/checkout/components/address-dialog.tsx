import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import { Button } from "../../../components/button.tsx";
import { DialogTitleBar } from "../../../components/dialog-title-bar.tsx";
import { AddressFields } from "../../../components/form/address-fields.tsx";
import { useZodForm } from "../../../components/form/use-zod-form.ts";
import type { CheckoutAddress } from "../address-choice.ts";
import { billingAddressFormSchema, shippingAddressFormSchema } from "../address-form-schemas.ts";
import { addressOfForm, prefixed } from "../shipping-form-values.ts";

type Prefix = "shipping" | "billing";

const SCHEMAS = { shipping: shippingAddressFormSchema, billing: billingAddressFormSchema } as const;

type FormValues = Record<string, string>;

type AddressDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Which address: 'Update Shipping Address' or 'Update Billing Address' (spec section 2). */
  prefix: Prefix;
  /** The address to start from (the cart's). */
  address: CheckoutAddress;
  /** Called with the valid address; the caller verifies (shipping) or saves (billing) it. */
  onSubmitAddress: (address: CheckoutAddress) => void;
  /** A field error the server gave, shown under its field. */
  serverError?: { field: string; message: string } | null;
  isBusy: boolean;
};

/**
 * The payment step's Update Shipping Address and Update Billing Address dialogs: the address fields, prefilled
 * with the cart's, validated on change with the contract's rules, and a submit button.
 */
export function AddressDialog({
  open,
  onOpenChange,
  prefix,
  address,
  onSubmitAddress,
  serverError,
  isBusy,
}: AddressDialogProps) {
  const schema = SCHEMAS[prefix] as unknown as z.ZodType<FormValues, FormValues>;
  const form = useZodForm<FormValues, FormValues>({ schema, defaultValues: prefixed(prefix, address) });
  const title = prefix === "shipping" ? "Update Shipping Address" : "Update Billing Address";

  // Every opening starts from the cart's address; what is typed while it is open is kept through re-renders.
  const startingValues = useRef(prefixed(prefix, address));
  startingValues.current = prefixed(prefix, address);
  useEffect(() => {
    if (open) form.reset(startingValues.current);
  }, [open, form]);

  useEffect(() => {
    if (serverError) form.setError(serverError.field, { type: "server", message: serverError.message });
  }, [serverError, form]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-40 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-3xl bg-white shadow-2xl focus:outline-none"
        >
          <DialogTitleBar title={title} className="px-6 pt-6 md:px-8 md:pt-8" />
          <form
            noValidate
            className="flex min-h-0 flex-1 flex-col"
            onSubmit={form.handleSubmit(() => onSubmitAddress(addressOfForm(form.getValues(), prefix)))}
          >
            <div className="min-h-0 flex-1 overflow-y-auto px-6 pt-4 md:px-8">
              <AddressFields
                form={form}
                prefix={prefix}
                legend={prefix === "shipping" ? "Shipping Address" : "Billing Address"}
              />
            </div>
            <div className="flex flex-col-reverse gap-3 px-6 pt-5 pb-6 sm:flex-row sm:justify-end md:px-8 md:pb-8">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={isBusy}>
                {title}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
