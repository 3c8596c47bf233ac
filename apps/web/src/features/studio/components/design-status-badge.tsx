import type { DesignStudioStatus } from "@threadfolk/contract/studio";
import { DESIGN_STUDIO_STATUS_NAMES } from "@threadfolk/contract/studio";

const BADGE_CLASS: Record<DesignStudioStatus, string> = {
  live: "bg-emerald-600 text-white",
  draft: "bg-amber-400 text-neutral-950",
  deactivated: "bg-neutral-700 text-white",
  taken_down: "bg-red-700 text-white",
};

/** A design's status on My Designs: Live, Draft, Deactivated or Taken down. */
export function DesignStatusBadge({ status, className = "" }: { status: DesignStudioStatus; className?: string }) {
  return (
    <span
      className={`inline-flex h-6 items-center rounded-full px-2.5 text-xs font-bold tracking-wide shadow-sm ${BADGE_CLASS[status]} ${className}`}
    >
      <span className="sr-only">Status: </span>
      {DESIGN_STUDIO_STATUS_NAMES[status]}
    </span>
  );
}
