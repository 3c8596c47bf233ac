import { Link } from "react-router";
import { useDesignRenders } from "../api/designer-api.ts";

/**
 * How far the design's mockups have rendered (polled until complete), and the design page's link as soon as
 * the default colour is ready (the page works from then on; the other colours follow); why, if they stopped.
 */
export function RenderProgress({ designUuid, designPath }: { designUuid: string; designPath: string }) {
  const renders = useDesignRenders(designUuid, true);
  const attributes = renders.data?.attributes;
  const percent = attributes && attributes.total > 0 ? Math.round((attributes.done / attributes.total) * 100) : 0;
  return (
    <div className="rounded-2xl border border-neutral-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-semibold text-neutral-900">
          {attributes?.complete
            ? "Every mockup is ready"
            : attributes?.failureMessage
              ? "The mockups stopped"
              : "Rendering the mockups"}
        </span>
        <span className="font-bold tabular-nums">{attributes ? `${attributes.done} / ${attributes.total}` : "…"}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Mockup rendering progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-neutral-200"
      >
        <div
          className="h-full rounded-full bg-brand transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      {attributes?.failureMessage && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {attributes.failureMessage}
        </p>
      )}
      {renders.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The rendering progress could not be read: {renders.error.message}
        </p>
      )}
      <p className="mt-3 text-sm text-neutral-700" aria-live="polite">
        {attributes?.defaultReady ? (
          <Link to={designPath} className="font-bold text-brand underline-offset-4 hover:underline">
            View the design page
          </Link>
        ) : (
          "The design page opens as soon as the default colour is ready."
        )}
      </p>
    </div>
  );
}
