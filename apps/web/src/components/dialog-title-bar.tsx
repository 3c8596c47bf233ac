import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { CloseIcon } from "./icons/icons.tsx";

/** A form dialog's top row: its title, and a close button big enough for a thumb. */
export function DialogTitleBar({ title, className = "" }: { title: ReactNode; className?: string }) {
  return (
    <div className={`flex items-start justify-between gap-4 ${className}`}>
      <Dialog.Title className="pt-1.5 font-display text-xl font-extrabold tracking-tight text-neutral-950 md:text-2xl">
        {title}
      </Dialog.Title>
      <Dialog.Close
        aria-label="Close"
        className="-mt-1 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-full text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <CloseIcon className="size-6" />
      </Dialog.Close>
    </div>
  );
}
