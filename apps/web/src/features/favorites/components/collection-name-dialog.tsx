import * as Dialog from "@radix-ui/react-dialog";
import { collectionNameSchema } from "@threadfolk/contract/validation";
import { useEffect } from "react";
import { z } from "zod";
import { Button } from "../../../components/button.tsx";
import { DialogTitleBar } from "../../../components/dialog-title-bar.tsx";
import { TextField } from "../../../components/form/text-field.tsx";
import { useZodForm } from "../../../components/form/use-zod-form.ts";

const collectionNameFormSchema = z.object({ displayName: collectionNameSchema });

type CollectionNameDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Name Your New Collection' to create (spec section 2); another title to rename. */
  title: string;
  submitLabel: string;
  /** The name to start with (the current name when renaming). */
  initialName?: string;
  /** Called with the trimmed name once it is valid; the dialog has already closed (spec section 4). */
  onSubmitName: (displayName: string) => void;
  /** Where focus goes when the dialog closes (Radix returns it to the trigger otherwise). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * The create-collection dialog (spec section 2): a title, a close button, the collection name and a submit
 * button. The name is checked as typed with the contract's rule; submitting closes the dialog at once and
 * then hands the name over, so the request runs behind it.
 */
export function CollectionNameDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  initialName = "",
  onSubmitName,
  onCloseAutoFocus,
}: CollectionNameDialogProps) {
  const form = useZodForm({ schema: collectionNameFormSchema, defaultValues: { displayName: initialName } });

  // Every opening starts from the given name, not from what was typed the last time.
  useEffect(() => {
    if (open) form.reset({ displayName: initialName });
  }, [open, initialName, form]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white px-6 pt-6 pb-7 shadow-2xl focus:outline-none md:px-8 md:pt-8"
        >
          <DialogTitleBar title={title} />
          <form
            noValidate
            className="mt-5"
            onSubmit={form.handleSubmit(({ displayName }) => {
              onOpenChange(false);
              onSubmitName(displayName);
            })}
          >
            <TextField
              form={form}
              name="displayName"
              label="Collection Name"
              hideLabel
              type="text"
              placeholder="Collection Name"
              autoComplete="off"
              maxLength={200}
            />
            <Button type="submit" className="mt-5 w-full">
              {submitLabel}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
