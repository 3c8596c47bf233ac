import { type ReactNode, useEffect } from "react";
import { appConfig } from "../../lib/config.ts";

/**
 * The heading of an admin page, and the browser tab's title. A file of its own (not the shell's): the pages import
 * it, and the shell imports the pages' list, so a heading in the shell made every page a cycle.
 */
export function AdminPageHeading({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | ${appConfig.brandName} admin`;
  }, [title]);
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <h1 className="font-display text-2xl font-extrabold tracking-tight md:text-3xl">{title}</h1>
      {children}
    </div>
  );
}
