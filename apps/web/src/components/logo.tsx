import { appConfig } from "../lib/config.ts";

/** The brand mark: a tee drawn for this product with a stitched seam, beside the brand name. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--color-brand)" />
      <path
        d="M11.4 7.5 6.5 10l-2 4.6 3.4 1.5 1.2-1.8V25h13.8V14.3l1.2 1.8 3.4-1.5-2-4.6-4.9-2.5c-.5 1.6-2.3 2.7-4.6 2.7s-4.1-1.1-4.6-2.7Z"
        fill="#fff"
      />
      <path d="M12 18.5h8" stroke="var(--color-brand)" strokeWidth="1.4" strokeDasharray="1.6 1.4" />
    </svg>
  );
}

/** The logo as it appears in the navigation bar: mark plus word. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <LogoMark className={compact ? "size-8" : "size-9"} />
      <span
        className={`font-display font-extrabold tracking-tight text-neutral-950 ${compact ? "text-lg" : "text-xl"}`}
      >
        {appConfig.brandName}
      </span>
    </span>
  );
}
