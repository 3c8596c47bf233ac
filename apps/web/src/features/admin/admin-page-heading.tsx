import { type ReactNode, useEffect } from "react";
import { appConfig } from "../../lib/config.ts";

/** The heading of an admin page, and the browser tab's title. */
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
