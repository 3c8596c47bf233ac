import { ARTWORK_MIN_PIXELS, type printResolutionCheck, type StudioGarment } from "@threadfolk/contract/studio";
import { useId, useRef, useState } from "react";
import type { GarmentStyle } from "../api/types.ts";
import { ARTWORK_ACCEPT, type ArtworkUploadPort } from "../artwork-upload.ts";
import type { DesignerArtwork } from "../designer-state.ts";
import { formatInches, garmentName } from "../garment-names.ts";

type ArtworkStepProps = {
  artwork: DesignerArtwork | undefined;
  upload: ArtworkUploadPort;
  styles: readonly GarmentStyle[];
  checks: Array<{ garment: StudioGarment; check: ReturnType<typeof printResolutionCheck> }>;
};

const BAND_STYLES = {
  good: "bg-emerald-50 text-emerald-800",
  fair: "bg-amber-50 text-amber-900",
  blocked: "bg-red-50 text-red-800",
} as const;

/** The Artwork step: upload (or replace) the picture, then its checks: pixels, print resolution, transparency. */
export function ArtworkStep({ artwork, upload, styles, checks }: ArtworkStepProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const busy = upload.phase === "uploading" || upload.phase === "processing";

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) upload.start(file);
    if (input.current) input.current.value = "";
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <div>
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setIsDragging(false);
            if (!busy) take(event.dataTransfer.files);
          }}
          className={`flex min-h-56 cursor-pointer flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed p-4 text-center transition-colors ${
            isDragging ? "border-brand bg-brand/5" : "border-neutral-300 bg-neutral-50 hover:border-neutral-400"
          } ${busy ? "pointer-events-none opacity-60" : ""}`}
        >
          {artwork ? (
            <span className="relative block">
              <img
                src={artwork.url}
                alt="Your artwork"
                className={`max-h-64 w-auto max-w-full bg-[length:16px_16px] bg-[conic-gradient(#e5e5e5_25%,#fff_0_50%,#e5e5e5_0_75%,#fff_0)] ${
                  artwork.opaqueBackground ? "outline-2 outline-offset-2 outline-amber-500 outline-dashed" : ""
                }`}
              />
            </span>
          ) : (
            <svg viewBox="0 0 24 24" className="size-10 text-neutral-400" fill="none" aria-hidden="true">
              <path
                d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          )}
          <span className="font-semibold text-neutral-900">
            {artwork ? "Replace the artwork" : "Choose your artwork or drop it here"}
          </span>
          <span className="text-sm text-neutral-600">
            PNG, JPEG, WebP or SVG up to 50 MB. A transparent PNG of 4500 × 5400 px prints best.
          </span>
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ARTWORK_ACCEPT}
          className="sr-only"
          disabled={busy}
          onChange={(event) => take(event.currentTarget.files)}
        />
        <div className="mt-4" aria-live="polite">
          {upload.progress}
        </div>
      </div>

      <div className="space-y-5">
        {artwork ? (
          <>
            <section aria-labelledby={`${inputId}-pixels`}>
              <h3 id={`${inputId}-pixels`} className="font-bold text-neutral-950">
                Pixel size
              </h3>
              <p className="mt-1 text-neutral-700">
                {artwork.width.toLocaleString("en-US")} × {artwork.height.toLocaleString("en-US")} px
                {Math.max(artwork.width, artwork.height) < ARTWORK_MIN_PIXELS * 2 && (
                  <span className="text-amber-800"> · small: it prints well only at small sizes</span>
                )}
              </p>
            </section>
            <section aria-labelledby={`${inputId}-transparency`}>
              <h3 id={`${inputId}-transparency`} className="font-bold text-neutral-950">
                Transparency
              </h3>
              {artwork.opaqueBackground ? (
                <p role="alert" className="mt-1 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  Your artwork has an opaque background rectangle (outlined in the preview): it will be printed as a
                  solid box on every garment. Export it with a transparent background unless you want the box.
                </p>
              ) : artwork.hasTransparency ? (
                <p className="mt-1 text-sm text-emerald-800">Transparent background: only your art is printed.</p>
              ) : artwork.hasTransparency === false ? (
                <p className="mt-1 text-sm text-neutral-700">No transparent pixels: the whole picture is printed.</p>
              ) : (
                <p className="mt-1 text-sm text-neutral-600">Checked when a new artwork is uploaded.</p>
              )}
            </section>
            <section aria-labelledby={`${inputId}-resolution`}>
              <h3 id={`${inputId}-resolution`} className="font-bold text-neutral-950">
                Print resolution
              </h3>
              <p className="mt-1 text-sm text-neutral-600">
                At the print size on each garment (change it in Placement). 300 DPI or more prints sharp.
              </p>
              <ul className="mt-3 space-y-2">
                {checks.map(({ garment, check }) => (
                  <li key={garment} className={`rounded-xl px-3 py-2 text-sm ${BAND_STYLES[check.quality]}`}>
                    <span className="font-semibold">{garmentName(garment, styles)}</span>:{" "}
                    {formatInches(check.widthInches)} × {formatInches(check.heightInches)} in at {check.dpi} DPI
                    {check.quality === "good" && " · good"}
                    {check.quality === "fair" && " · fair: it may print slightly soft"}
                    {check.quality === "blocked" && (
                      <>
                        {" "}
                        · too low to print (under 150 DPI). The largest good print size is{" "}
                        {formatInches(check.largestGoodWidthInches, "floor")} ×{" "}
                        {formatInches(check.largestGoodHeightInches, "floor")} in: make it smaller in Placement or
                        upload a larger file.
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          </>
        ) : (
          <p className="rounded-2xl bg-neutral-50 px-4 py-6 text-neutral-700">
            Once your picture is uploaded, its pixel size, print resolution on each garment and transparency are checked
            here.
          </p>
        )}
      </div>
    </div>
  );
}
