import { lazy, Suspense, useRef, useState } from "react";
import { useUserInfo } from "../features/session/api/get-user-info.ts";

/** The dialog's code (the form, its schema) loads only when a visitor asks to report a design. */
const ReportDesignDialog = lazy(() => import("../features/moderation/components/report-design-dialog.tsx"));

/**
 * 'Report this design' on the design page (issue 28): a quiet link-styled button; the dialog behind it is
 * loaded on the first click, with the signed-in customer's e-mail filled in (composed here: features do not
 * import each other).
 */
export function ReportDesignButton({ design }: { design: { uuid: string; displayName: string } }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const userInfo = useUserInfo();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="-mx-1 inline-flex min-h-11 items-center rounded px-1 text-sm text-neutral-600 underline underline-offset-4 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        Report this design
      </button>
      {requested && (
        <Suspense fallback={null}>
          <ReportDesignDialog
            open={open}
            onOpenChange={setOpen}
            design={design}
            onCloseAutoFocus={(event) => {
              // No Radix trigger to return to: the focus goes back to this button.
              event.preventDefault();
              buttonRef.current?.focus();
            }}
            {...(userInfo.data?.email ? { defaultEmail: userInfo.data.email } : {})}
          />
        </Suspense>
      )}
    </>
  );
}
