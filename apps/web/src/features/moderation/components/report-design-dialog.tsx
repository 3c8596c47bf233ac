import * as Dialog from "@radix-ui/react-dialog";
import {
  type DesignReportInput,
  designReportSchema,
  MODERATION_REASON_LABELS,
  MODERATION_REASONS,
  REPORT_DETAILS_MAX_LENGTH,
} from "@threadfolk/contract/moderation";
import { useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { DialogTitleBar } from "../../../components/dialog-title-bar.tsx";
import {
  controlBorderClass,
  errorAttributes,
  Field,
  fieldError,
  fieldErrorId,
} from "../../../components/form/field.tsx";
import { TextField } from "../../../components/form/text-field.tsx";
import { useZodForm } from "../../../components/form/use-zod-form.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { applyServerFieldErrors } from "../../../lib/mutation-errors.ts";
import { useReportDesign } from "../api/report-design.ts";

/** What a reason means, under its label: the reporter picks the right one without guessing. */
const REASON_HINTS: Record<(typeof MODERATION_REASONS)[number], string> = {
  intellectual_property: "It copies artwork, a logo or a character someone else owns.",
  offensive: "It is hateful, harassing or otherwise offensive.",
  other: "Something else is wrong with it.",
};

type ReportDesignDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  design: { uuid: string; displayName: string };
  /** The signed-in customer's e-mail, which the field starts with. */
  defaultEmail?: string;
  /** Where focus goes when the dialog closes (the page's button: the dialog has no Radix trigger). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * 'Report this design' (issue 28): a reason (intellectual property, offensive, other), the reporter's e-mail and
 * what is wrong; then a thank-you. Loaded only when the visitor opens it (the design page carries the button).
 */
export default function ReportDesignDialog({
  open,
  onOpenChange,
  design,
  defaultEmail = "",
  onCloseAutoFocus,
}: ReportDesignDialogProps) {
  const form = useZodForm({ schema: designReportSchema, defaultValues: { email: defaultEmail, details: "" } });
  const mutation = useReportDesign();
  const [sentTo, setSentTo] = useState<string>();
  const detailsId = useId();
  const reasonErrorId = useId();
  const reasonError = fieldError(form, "reason");
  const detailsError = fieldError(form, "details");
  const limitMessage = isApiError(mutation.error, 429) ? mutation.error.message : undefined;

  function submit(report: DesignReportInput) {
    mutation.mutate(
      { designUuid: design.uuid, report },
      {
        onSuccess: () => setSentTo(report.email),
        onError: (error) => applyServerFieldErrors(error, ["reason", "email", "details"] as const, form.setError),
      },
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl focus:outline-none md:p-8"
        >
          {sentTo ? (
            <div>
              <DialogTitleBar title="Thank you for your report" />
              <Dialog.Description className="mt-3 text-neutral-700">
                Our team reviews every report. If we need more details, we will write to{" "}
                <span className="font-semibold text-neutral-900">{sentTo}</span>.
              </Dialog.Description>
              <div className="mt-6 flex justify-end">
                <Dialog.Close asChild>
                  <Button>Close</Button>
                </Dialog.Close>
              </div>
            </div>
          ) : (
            <>
              <DialogTitleBar title="Report this design" />
              <Dialog.Description className="mt-2 text-neutral-600">
                Tell us what is wrong with “{design.displayName}”. Our team reviews every report.
              </Dialog.Description>
              <form noValidate className="mt-5 space-y-5" onSubmit={form.handleSubmit(submit)}>
                <fieldset aria-describedby={reasonError ? reasonErrorId : undefined}>
                  <legend className="mb-2 text-sm font-semibold text-neutral-800">Reason</legend>
                  <div className="space-y-2">
                    {MODERATION_REASONS.map((reason) => (
                      <label
                        key={reason}
                        className="flex cursor-pointer items-start gap-3 rounded-xl border border-neutral-200 p-3 has-checked:border-neutral-900 has-checked:bg-neutral-50"
                      >
                        <input
                          type="radio"
                          value={reason}
                          aria-invalid={reasonError ? true : undefined}
                          className="mt-1 size-4 accent-neutral-900"
                          {...form.register("reason")}
                        />
                        <span>
                          <span className="block font-semibold text-neutral-900">
                            {MODERATION_REASON_LABELS[reason]}
                          </span>
                          <span className="block text-sm text-neutral-600">{REASON_HINTS[reason]}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                  {reasonError && (
                    <p id={reasonErrorId} className="mt-1.5 text-sm text-red-600">
                      {reasonError}
                    </p>
                  )}
                </fieldset>
                <TextField form={form} name="email" label="Email" type="email" autoComplete="email" inputMode="email" />
                <Field id={detailsId} label="Details" error={detailsError}>
                  <textarea
                    id={detailsId}
                    rows={4}
                    maxLength={REPORT_DETAILS_MAX_LENGTH}
                    {...errorAttributes(detailsId, detailsError)}
                    aria-describedby={detailsError ? fieldErrorId(detailsId) : `${detailsId}-hint`}
                    className={`block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-neutral-950 outline-none focus:ring-2 md:text-[15px] ${controlBorderClass(detailsError)}`}
                    {...form.register("details")}
                  />
                  {!detailsError && (
                    <p id={`${detailsId}-hint`} className="mt-1.5 text-sm text-neutral-600">
                      For intellectual property, name the work and who owns it.
                    </p>
                  )}
                </Field>
                {limitMessage && (
                  <p role="alert" className="text-sm text-red-600">
                    {limitMessage}
                  </p>
                )}
                <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  <Dialog.Close asChild>
                    <Button variant="secondary">Cancel</Button>
                  </Dialog.Close>
                  <Button type="submit" busy={mutation.isPending}>
                    Send report
                  </Button>
                </div>
              </form>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
