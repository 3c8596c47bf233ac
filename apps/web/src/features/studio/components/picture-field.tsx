import type { UploadPurpose } from "@threadfolk/contract/studio";
import { useEffect, useId, useRef, useState } from "react";
import { UploadProgress } from "../upload/upload-progress.tsx";
import { useResumableUpload } from "../upload/use-resumable-upload.ts";

/** What the storefront form sends for a picture: a new ready upload, a removal, or nothing (kept). */
export type PictureChange = { uploadId: string } | { removed: true } | undefined;

type PictureFieldProps = {
  purpose: Extract<UploadPurpose, "avatar" | "banner">;
  label: string;
  /** The picture the storefront has now (signed URL), if any. */
  currentUrl: string | null | undefined;
  onChange: (change: PictureChange) => void;
  /** Tells the form whether an upload is still running (saving waits for it). */
  onBusyChange: (isBusy: boolean) => void;
  error?: string;
};

const ACCEPTED = "image/png,image/jpeg,image/webp,image/svg+xml";

/**
 * An avatar (1:1) or banner (4:1) picture: chosen from a file, uploaded at once with its progress, and shown
 * cropped the way the storefront crops it (the server cuts the same centre), first from the local file, then
 * from the server's checked copy.
 */
export function PictureField({ purpose, label, currentUrl, onChange, onBusyChange, error }: PictureFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { start, cancel, reset, state } = useResumableUpload({ purpose });
  const [localPreview, setLocalPreview] = useState<string>();
  const [isRemoved, setIsRemoved] = useState(false);
  const isBusy = state.phase === "uploading" || state.phase === "processing";

  // The callbacks are read through refs: a parent's new function on every render must not re-run the effects.
  const callbacks = useRef({ onChange, onBusyChange });
  callbacks.current = { onChange, onBusyChange };

  useEffect(() => callbacks.current.onBusyChange(isBusy), [isBusy]);
  useEffect(() => () => (localPreview ? URL.revokeObjectURL(localPreview) : undefined), [localPreview]);
  useEffect(() => {
    if (state.phase === "ready" && state.uploadId) callbacks.current.onChange({ uploadId: state.uploadId });
    if (state.phase === "failed" || state.phase === "cancelled") callbacks.current.onChange(undefined);
  }, [state.phase, state.uploadId]);

  const shownUrl =
    state.phase === "failed" || state.phase === "cancelled"
      ? isRemoved
        ? undefined
        : (currentUrl ?? undefined)
      : (state.status?.attributes.previewUrl ?? localPreview ?? (isRemoved ? undefined : (currentUrl ?? undefined)));
  const isAvatar = purpose === "avatar";
  const frameClass = isAvatar ? "size-28 rounded-full" : "aspect-[4/1] w-full rounded-2xl";

  return (
    <div>
      <p id={`${inputId}-label`} className="mb-1.5 text-sm font-semibold text-neutral-800">
        {label}
      </p>
      <div className={isAvatar ? "flex items-center gap-5" : "space-y-3"}>
        <div
          className={`relative shrink-0 overflow-hidden bg-neutral-100 ring-1 ring-neutral-900/10 ${frameClass} ${
            shownUrl ? "" : "bg-gradient-to-br from-neutral-100 to-neutral-200"
          }`}
        >
          {shownUrl ? (
            <img
              src={shownUrl}
              alt={`${label} preview`}
              className="h-full w-full object-cover"
              width={isAvatar ? 112 : 800}
              height={isAvatar ? 112 : 200}
            />
          ) : (
            <span className="absolute inset-0 flex items-center justify-center text-xs font-medium text-neutral-500">
              {isAvatar ? "1:1" : "4:1, e.g. 1600 x 400"}
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={ACCEPTED}
            className="peer sr-only"
            aria-labelledby={`${inputId}-label ${inputId}-button`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (!file) return;
              setIsRemoved(false);
              setLocalPreview(URL.createObjectURL(file));
              void start(file);
            }}
          />
          <label
            id={`${inputId}-button`}
            htmlFor={inputId}
            className="inline-flex h-10 cursor-pointer items-center rounded-full border border-neutral-300 bg-white px-4 text-sm font-semibold text-neutral-900 hover:bg-neutral-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand"
          >
            {shownUrl ? "Replace picture" : "Choose picture"}
          </label>
          {shownUrl && !isBusy && (
            <button
              type="button"
              onClick={() => {
                reset();
                setLocalPreview(undefined);
                setIsRemoved(true);
                onChange(currentUrl ? { removed: true } : undefined);
              }}
              className="inline-flex h-10 items-center rounded-full px-3 text-sm font-semibold text-neutral-700 hover:text-brand"
            >
              Remove
            </button>
          )}
        </div>
      </div>
      <UploadProgress state={state} onCancel={cancel} label={label} className="mt-3" />
      {error && <p className="mt-1.5 text-sm text-red-600">{error}</p>}
    </div>
  );
}
