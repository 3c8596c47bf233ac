import { colorDisplayName } from "@threadfolk/contract/colors";
import { formatCents } from "@threadfolk/contract/money";
import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { Link } from "react-router";
import { Button } from "../../../components/button.tsx";
import type { GarmentStyle, SellerDesign } from "../api/types.ts";
import { type DesignerState, defaultColorOf, offeredColorsOf } from "../designer-state.ts";
import { styleName } from "../garment-names.ts";
import { RenderProgress } from "./render-progress.tsx";

type PublishStepProps = {
  state: DesignerState;
  styles: readonly GarmentStyle[];
  problems: readonly string[];
  published: SellerDesign | undefined;
  busy: boolean;
  error: { message: string; details: string[] } | undefined;
  onPublish: () => void;
  /** The editor's wording: changes are saved, not published. */
  mode: "wizard" | "editor";
  /** The editor's design page, linked before any change is saved. */
  designPath?: string;
};

/** The last step: what will be published (or saved), the button, then the mockups' rendering progress. */
export function PublishStep({
  state,
  styles,
  problems,
  published,
  busy,
  error,
  onPublish,
  mode,
  designPath,
}: PublishStepProps) {
  const { data, artwork } = state;
  const offered = offeredColorsOf(data);
  const nameOf = (key: string) => {
    const style = styles.find((candidate) => candidate.attributes.key === key);
    return style ? styleName(style, styles) : key;
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      {artwork && (
        <img
          src={artwork.url}
          alt="Your artwork"
          className="max-h-48 w-auto rounded-2xl md:max-h-64 bg-neutral-100 bg-[length:16px_16px] bg-[conic-gradient(#e5e5e5_25%,#fff_0_50%,#e5e5e5_0_75%,#fff_0)] object-contain p-3"
        />
      )}
      <div className="space-y-5">
        <dl className="grid gap-3 text-[15px] sm:grid-cols-2">
          <div>
            <dt className="text-sm text-neutral-600">Title</dt>
            <dd className="font-semibold text-neutral-950">{data.title || "—"}</dd>
          </div>
          <div>
            <dt className="text-sm text-neutral-600">Colours</dt>
            <dd className="font-semibold text-neutral-950">
              {offered.length} offered, default {colorDisplayName(defaultColorOf(data))}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-sm text-neutral-600">Products</dt>
            <dd>
              <ul className="mt-1 space-y-1">
                {(data.products ?? []).map((product) => (
                  <li key={product.garmentStyleKey} className="font-semibold text-neutral-950">
                    {nameOf(product.garmentStyleKey)} · {formatCents(product.priceCents)}
                    {data.defaultGarmentStyleKey === product.garmentStyleKey && (
                      <span className="ml-2 text-sm font-normal text-neutral-600">(shown first)</span>
                    )}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          {(data.tags ?? []).length > 0 && (
            <div className="sm:col-span-2">
              <dt className="text-sm text-neutral-600">Tags</dt>
              <dd className="text-neutral-900">{data.tags?.join(", ")}</dd>
            </div>
          )}
        </dl>

        {problems.length > 0 && !published && (
          <div role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            <p className="font-semibold">{mode === "wizard" ? "Before publishing:" : "Before saving:"}</p>
            <ul className="mt-1 list-disc pl-5">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
        {error && (
          <div role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            <p className="font-semibold">{error.message}</p>
            {error.details.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {error.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
          </div>
        )}

        {published ? (
          <div className="space-y-4">
            <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
              {mode === "wizard" ? "Your design is live." : "Your changes are saved."}
            </p>
            <RenderProgress designUuid={published.id} designPath={published.attributes.designPath} />
            <div className="flex flex-wrap gap-3">
              <Link
                to={CLIENT_ROUTES.myDesigns}
                className="inline-flex h-11 items-center rounded-full border border-neutral-300 px-5 text-sm font-bold hover:bg-neutral-50"
              >
                Go to My Designs
              </Link>
              {mode === "wizard" && (
                <a
                  href={CLIENT_ROUTES.productUploadWizard}
                  className="inline-flex h-11 items-center rounded-full border border-neutral-300 px-5 text-sm font-bold hover:bg-neutral-50"
                >
                  Design another
                </a>
              )}
            </div>
          </div>
        ) : mode === "wizard" ? (
          <Button onClick={onPublish} busy={busy} disabled={problems.length > 0}>
            Publish
          </Button>
        ) : (
          <p className="text-neutral-700">
            Every step saves its changes. Nothing changed yet that needs new mockups.{" "}
            {designPath && (
              <Link to={designPath} className="font-bold text-brand underline-offset-4 hover:underline">
                View the design page
              </Link>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
