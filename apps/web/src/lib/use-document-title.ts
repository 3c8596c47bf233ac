import { useEffect } from "react";
import { appConfig } from "./config.ts";

/** Sets `document.title` to "{title} | {brand}" (the brand alone when no title is given). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${appConfig.brandName}` : appConfig.brandName;
  }, [title]);
}
