import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef } from "react";
import { Button } from "../../../components/button.tsx";
import { TextField } from "../../../components/form/text-field.tsx";
import { useZodForm } from "../../../components/form/use-zod-form.ts";
import { emailFormSchema } from "../address-form-schemas.ts";

type EmailDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cart's e-mail, which the field starts with (spec section 2). */
  email: string;
  onSubmitEmail: (email: string) => void;
  /** The server's message for the e-mail, shown under the field. */
  serverError?: string | null;
  isBusy: boolean;
};

/** Update Email Address (spec section 2): one Email field, Cancel and 'Update Email Address'. */
export function EmailDialog({ open, onOpenChange, email, onSubmitEmail, serverError, isBusy }: EmailDialogProps) {
  const form = useZodForm({ schema: emailFormSchema, defaultValues: { email } });
  // Every opening starts from the cart's e-mail.
  const startingEmail = useRef(email);
  startingEmail.current = email;
  useEffect(() => {
    if (open) form.reset({ email: startingEmail.current });
  }, [open, form]);
  useEffect(() => {
    if (serverError) form.setError("email", { type: "server", message: serverError });
  }, [serverError, form]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-40 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl focus:outline-none md:p-8"
        >
          <Dialog.Title className="font-display text-xl font-extrabold tracking-tight text-neutral-950 md:text-2xl">
            Update Email Address
          </Dialog.Title>
          <form noValidate className="mt-5" onSubmit={form.handleSubmit(({ email: typed }) => onSubmitEmail(typed))}>
            <TextField form={form} name="email" label="Email" type="email" autoComplete="email" inputMode="email" />
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={isBusy}>
                Update Email Address
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
