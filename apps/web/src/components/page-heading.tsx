import type { ReactNode } from "react";
import { useDocumentTitle } from "../lib/use-document-title.ts";

type PageHeadingProps = {
  title: string;
  /** Shown above the title in small capitals. */
  eyebrow?: string;
  children?: ReactNode;
  /** Title for the browser tab when it should differ from the heading. */
  documentTitle?: string;
};

/** A page's top heading with consistent spacing; also sets the document title. */
export function PageHeading({ title, eyebrow, children, documentTitle }: PageHeadingProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="px-5 pt-10 pb-8 md:px-10 md:pt-14">
      {eyebrow && <p className="text-xs font-bold tracking-[0.16em] text-brand uppercase">{eyebrow}</p>}
      <h1 className="mt-2 font-display text-3xl font-extrabold tracking-tight text-neutral-950 md:text-5xl">{title}</h1>
      {children}
    </div>
  );
}
