import { PRODUCT_COLORS } from "@threadfolk/contract/colors";
import {
  DESIGN_DETAIL_MESSAGES,
  DESIGNER_STEP_NAMES,
  DESIGNER_STEPS,
  type DesignDraftData,
  type DesignerStep,
  type Placement,
  type StudioGarment,
} from "@threadfolk/contract/studio";
import { contrastWarnings } from "@threadfolk/contract/studio-contrast";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import type { GarmentStyle, SellerDesign } from "../api/types.ts";
import type { ArtworkUploadPort } from "../artwork-upload.ts";
import {
  artworkAspect,
  type DesignerState,
  defaultColorOf,
  garmentsOf,
  offeredColorsOf,
  partsOfStep,
  placementOf,
  resolutionChecks,
  stepProblems,
} from "../designer-state.ts";
import { inkSummaryOf, useArtworkBitmap } from "../hooks/use-compositing.ts";
import { ArtworkStep } from "./artwork-step.tsx";
import { ColorsStep } from "./colors-step.tsx";
import { DetailsStep } from "./details-step.tsx";
import { PlacementStep } from "./placement-step.tsx";
import { ProductsStep } from "./products-step.tsx";
import { PublishStep } from "./publish-step.tsx";
import { StepIndicator } from "./step-indicator.tsx";

export type SaveStep = (step: DesignerStep, nextStep: DesignerStep, parts: DesignDraftData) => Promise<void>;

type DesignerFlowProps = {
  mode: "wizard" | "editor";
  styles: readonly GarmentStyle[];
  initialStep: DesignerStep;
  initialState: DesignerState;
  upload: ArtworkUploadPort;
  /** Stores a step's parts on the server (the draft, or the live design) before the flow moves on. */
  onSave: SaveStep;
  /** The wizard's last step publishes; the editor's shows what its saves changed. */
  onPublish?: () => Promise<SellerDesign>;
  /** The editor's latest saved design, when a save re-rendered its mockups. */
  saved?: SellerDesign;
  /** Above the step indicator (the resumed draft's note). */
  notice?: ReactNode;
  /** The editor's design page. */
  designPath?: string;
};

const STEP_INTROS: Record<DesignerStep, string> = {
  artwork: "Upload your artwork. It is checked for size, print resolution and background.",
  placement: "Place the artwork on each garment. What you see is what is printed.",
  colors: "Your artwork on every colour. Choose the colours you offer and the one shown first.",
  products: "Choose the garments you offer and set their prices.",
  details: "Give the design a title, a description and tags so shoppers find it.",
  publish: "Check everything, then publish.",
};

/** The product designer's guided flow (wizard and editor): step indicator, the step, Back and Next. */
export function DesignerFlow({
  mode,
  styles,
  initialStep,
  initialState,
  upload,
  onSave,
  onPublish,
  saved,
  notice,
  designPath,
}: DesignerFlowProps) {
  const [step, setStep] = useState<DesignerStep>(initialStep);
  const [state, setState] = useState<DesignerState>(initialState);
  const [reached, setReached] = useState(
    mode === "editor" ? DESIGNER_STEPS.length - 1 : DESIGNER_STEPS.indexOf(initialStep),
  );
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<{ message: string; details: string[] } | undefined>();
  const [published, setPublished] = useState<SellerDesign | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);

  const garments = useMemo(() => garmentsOf(styles), [styles]);
  const { data, artwork } = state;
  const bitmap = useArtworkBitmap(artwork?.url);
  const warnings = useMemo(
    () => (bitmap.value ? contrastWarnings(inkSummaryOf(bitmap.value), PRODUCT_COLORS) : []),
    [bitmap.value],
  );
  const problems = stepProblems(step, state, styles);

  // A finished upload becomes the artwork (placed anew: the shares of an old artwork's aspect mean nothing).
  useEffect(() => {
    const status = upload.status;
    if (upload.phase !== "ready" || !status) return;
    const attributes = status.attributes;
    if (attributes.width && attributes.height && attributes.previewUrl) {
      setState((previous) => ({
        data: { ...previous.data, artworkUploadId: status.id, placements: undefined },
        artwork: {
          uploadId: status.id,
          width: attributes.width ?? 0,
          height: attributes.height ?? 0,
          hasTransparency: attributes.hasTransparency,
          opaqueBackground: attributes.opaqueBackground,
          url: attributes.previewUrl ?? "",
        },
      }));
    }
    upload.reset();
  }, [upload]);

  const go = (next: DesignerStep) => {
    setStep(next);
    setTried(false);
    setSaveError(undefined);
    setReached((previous) => Math.max(previous, DESIGNER_STEPS.indexOf(next)));
    requestAnimationFrame(() => {
      heading.current?.focus({ preventScroll: true });
      heading.current?.scrollIntoView({ block: "nearest" });
    });
  };

  const failureOf = (error: unknown) => ({
    message: error instanceof Error ? error.message : "Something went wrong. Try again.",
    details: isApiError(error) ? error.details.map((detail) => detail.message) : [],
  });

  const next = async () => {
    setTried(true);
    if (problems.length > 0) return;
    const index = DESIGNER_STEPS.indexOf(step);
    const nextStep = DESIGNER_STEPS[index + 1] ?? step;
    setSaving(true);
    setSaveError(undefined);
    try {
      await onSave(step, nextStep, partsOfStep(step, state, styles));
      go(nextStep);
    } catch (error) {
      setSaveError(failureOf(error));
    } finally {
      setSaving(false);
    }
  };

  const publish = async () => {
    if (!onPublish) return;
    setSaving(true);
    setSaveError(undefined);
    try {
      setPublished(await onPublish());
    } catch (error) {
      setSaveError(failureOf(error));
    } finally {
      setSaving(false);
    }
  };

  const setPlacement = (garment: StudioGarment, placement: Placement) =>
    setState((previous) => ({
      ...previous,
      data: { ...previous.data, placements: { ...previous.data.placements, [garment]: placement } },
    }));
  const setData = (parts: DesignDraftData) =>
    setState((previous) => ({ ...previous, data: { ...previous.data, ...parts } }));
  const placementFor = (garment: StudioGarment) =>
    artwork ? placementOf(data, garment, artworkAspect(artwork)) : { x: 0, y: 0, scale: 1 };

  const stepIndex = DESIGNER_STEPS.indexOf(step);
  const isLast = step === "publish";

  return (
    <div className="px-5 pb-16 md:px-10">
      {notice}
      <StepIndicator
        current={step}
        isReachable={(candidate) => DESIGNER_STEPS.indexOf(candidate) <= reached && !published}
        onSelect={go}
      />
      <section aria-labelledby="designer-step-heading" className="mt-6">
        <h2
          id="designer-step-heading"
          ref={heading}
          tabIndex={-1}
          className="scroll-mt-40 font-display text-2xl font-extrabold text-neutral-950 outline-none md:scroll-mt-28"
        >
          {stepIndex + 1}. {DESIGNER_STEP_NAMES[step]}
        </h2>
        <p className="mt-1 mb-5 text-neutral-600">{STEP_INTROS[step]}</p>

        {step === "artwork" && (
          <ArtworkStep artwork={artwork} upload={upload} styles={styles} checks={resolutionChecks(state, styles)} />
        )}
        {step === "placement" && artwork && (
          <PlacementStep
            garments={garments}
            styles={styles}
            artworkWidth={artwork.width}
            artworkHeight={artwork.height}
            bitmap={bitmap.value}
            placementOf={placementFor}
            onChange={setPlacement}
            previewColor={defaultColorOf(data)}
            warnings={warnings}
          />
        )}
        {step === "colors" && artwork && (
          <ColorsStep
            garments={garments}
            styles={styles}
            aspect={artworkAspect(artwork)}
            bitmap={bitmap.value}
            placementOf={placementFor}
            offered={offeredColorsOf(data)}
            defaultColor={defaultColorOf(data)}
            onOffered={(offeredColors) => setData({ offeredColors })}
            onDefault={(defaultColor) => setData({ defaultColor })}
            warnings={warnings}
          />
        )}
        {step === "products" && (
          <ProductsStep
            styles={styles}
            products={data.products ?? []}
            defaultStyleKey={data.defaultGarmentStyleKey}
            onProducts={(products) => setData({ products })}
            onDefaultStyle={(defaultGarmentStyleKey) => setData({ defaultGarmentStyleKey })}
          />
        )}
        {step === "details" && <DetailsStep data={data} onChange={setData} showAll={tried} />}
        {step === "publish" && (
          <PublishStep
            state={state}
            styles={styles}
            problems={problems}
            published={published ?? saved}
            busy={saving}
            error={saveError}
            onPublish={publish}
            mode={mode}
            designPath={designPath}
          />
        )}
        {!artwork && (step === "placement" || step === "colors") && (
          <p className="rounded-2xl bg-neutral-50 px-4 py-6 text-neutral-700">
            {DESIGN_DETAIL_MESSAGES.artworkRequired}: the placement and the colours are shown on it.
          </p>
        )}
        {bitmap.error && (step === "placement" || step === "colors") && (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
            {bitmap.error}
          </p>
        )}
      </section>

      {!isLast && (
        <div className="mt-8 border-t border-neutral-200 pt-5">
          {tried && problems.length > 0 && (
            <ul role="alert" className="mb-4 space-y-1 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          {saveError && (
            <div role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
              <p className="font-semibold">{saveError.message}</p>
              {saveError.details.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {saveError.details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <div className="flex items-center justify-between gap-3">
            {stepIndex > 0 ? (
              <Button variant="secondary" onClick={() => go(DESIGNER_STEPS[stepIndex - 1] ?? step)} disabled={saving}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <Button
              onClick={next}
              busy={saving}
              disabled={upload.phase === "uploading" || upload.phase === "processing"}
            >
              {mode === "editor" ? "Save and continue" : "Next"}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
