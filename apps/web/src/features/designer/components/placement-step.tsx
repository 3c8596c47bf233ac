import type { ProductColor } from "@threadfolk/contract/colors";
import {
  DESIGN_DETAIL_MESSAGES,
  type Placement,
  PRINT_AREAS,
  placeArtwork,
  printResolutionCheck,
  type StudioGarment,
} from "@threadfolk/contract/studio";
import type { ContrastWarning } from "@threadfolk/contract/studio-contrast";
import { type PointerEvent as ReactPointerEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { GarmentStyle } from "../api/types.ts";
import { MockupPainter } from "../compositing/mockup-canvases.ts";
import { formatInches, garmentName } from "../garment-names.ts";
import { preparedPrint, useGarmentLayers } from "../hooks/use-compositing.ts";
import {
  centrePlacement,
  dragPlacement,
  fitWidthPlacement,
  formatField,
  type PlacementUnit,
  placementFields,
  placementForKey,
  placementFromField,
  pointerDistance,
  scalePlacement,
} from "../placement-math.ts";
import { ColourGrid } from "./colour-grid.tsx";
import { GarmentTabs } from "./garment-tabs.tsx";

const PREVIEW_SIZE = 480;

type PlacementStepProps = {
  garments: readonly StudioGarment[];
  styles: readonly GarmentStyle[];
  artworkWidth: number;
  artworkHeight: number;
  bitmap: ImageBitmap | undefined;
  placementOf: (garment: StudioGarment) => Placement;
  onChange: (garment: StudioGarment, placement: Placement) => void;
  previewColor: ProductColor;
  warnings: readonly ContrastWarning[];
};

/** The Placement step: per garment, move and scale the artwork in the print area, previewed live. */
export function PlacementStep(props: PlacementStepProps) {
  const { garments, styles } = props;
  const [garment, setGarment] = useState<StudioGarment>(garments[0] ?? "tee");
  const aspect = props.artworkWidth / props.artworkHeight;
  const placement = props.placementOf(garment);
  const check = printResolutionCheck({
    garment,
    artworkWidth: props.artworkWidth,
    artworkHeight: props.artworkHeight,
    scale: placement.scale,
  });
  const set = (next: Placement) => props.onChange(garment, next);

  return (
    <div className="space-y-6">
      <GarmentTabs garments={garments} styles={styles} current={garment} onSelect={setGarment} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,480px)_minmax(0,1fr)]">
        <PlacementPreview
          garment={garment}
          aspect={aspect}
          placement={placement}
          bitmap={props.bitmap}
          color={props.previewColor}
          onChange={set}
          label={garmentName(garment, styles)}
        />
        <div className="space-y-5">
          <PlacementFields garment={garment} aspect={aspect} placement={placement} onChange={set} />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => set(centrePlacement(garment, aspect, placement))}
              className={SMALL_BUTTON}
            >
              Centre
            </button>
            <button
              type="button"
              onClick={() => set(fitWidthPlacement(garment, aspect, placement))}
              className={SMALL_BUTTON}
            >
              Fit width
            </button>
          </div>
          <p
            aria-live="polite"
            className={`rounded-xl px-3 py-2 text-sm ${
              check.quality === "good"
                ? "bg-emerald-50 text-emerald-800"
                : check.quality === "fair"
                  ? "bg-amber-50 text-amber-900"
                  : "bg-red-50 text-red-800"
            }`}
          >
            Prints {formatInches(check.widthInches)} × {formatInches(check.heightInches)} in at {check.dpi} DPI
            {check.quality === "good" && ": good."}
            {check.quality === "fair" && ": fair, it may print slightly soft. Make it smaller for a sharper print."}
            {check.quality === "blocked" && `. ${DESIGN_DETAIL_MESSAGES.resolutionBlocked}.`}
          </p>
          {check.quality !== "good" && (
            <button
              type="button"
              className={SMALL_BUTTON}
              onClick={() => set(scalePlacement(garment, aspect, placement, check.largestGoodScale / placement.scale))}
            >
              Use the largest sharp size ({formatInches(check.largestGoodWidthInches, "floor")} ×{" "}
              {formatInches(check.largestGoodHeightInches, "floor")} in)
            </button>
          )}
          <p className="text-sm text-neutral-600">
            Drag the artwork, or pinch with two fingers to resize. With the keyboard: focus the artwork, then arrow keys
            move it (Shift for bigger steps) and + / − resize it.
          </p>
        </div>
      </div>

      <section aria-labelledby="placement-grid-heading">
        <h3 id="placement-grid-heading" className="mb-3 font-bold text-neutral-950">
          On every colour
        </h3>
        <ColourGrid
          garment={garment}
          aspect={aspect}
          placement={placement}
          bitmap={props.bitmap}
          warnings={props.warnings}
          label={`${garmentName(garment, styles)} in every colour`}
        />
      </section>
    </div>
  );
}

export const SMALL_BUTTON =
  "inline-flex h-10 items-center rounded-full border border-neutral-300 bg-white px-4 text-sm font-semibold text-neutral-900 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

function PlacementFields({
  garment,
  aspect,
  placement,
  onChange,
}: {
  garment: StudioGarment;
  aspect: number;
  placement: Placement;
  onChange: (placement: Placement) => void;
}) {
  const [unit, setUnit] = useState<PlacementUnit>("in");
  const fields = placementFields(garment, placement, unit);
  const id = useId();
  return (
    <fieldset>
      <legend className="font-bold text-neutral-950">Position and size</legend>
      <div className="mt-2 flex gap-1" role="radiogroup" aria-label="Unit">
        {(["in", "%"] as const).map((candidate) => (
          <label
            key={candidate}
            className={`flex h-9 cursor-pointer items-center rounded-full px-3 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
              unit === candidate ? "bg-neutral-950 text-white" : "bg-neutral-100 text-neutral-800"
            }`}
          >
            <input
              type="radio"
              name={`${id}-unit`}
              className="sr-only"
              checked={unit === candidate}
              onChange={() => setUnit(candidate)}
            />
            {candidate === "in" ? "Inches" : "Percent"}
          </label>
        ))}
      </div>
      <div className="mt-3 grid grid-cols-3 gap-3">
        {(["x", "y", "width"] as const).map((field) => (
          <NumberField
            key={`${garment}-${unit}-${field}`}
            label={field === "x" ? "From left" : field === "y" ? "From top" : "Width"}
            unit={unit}
            value={formatField(fields[field], unit)}
            onCommit={(value) => onChange(placementFromField(garment, aspect, placement, field, value, unit))}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** A number input that applies what is typed on Enter or when it loses focus, and follows outside changes. */
function NumberField({
  label,
  unit,
  value,
  onCommit,
}: {
  label: string;
  unit: PlacementUnit;
  value: string;
  onCommit: (value: number) => void;
}) {
  const [text, setText] = useState(value);
  const [isEditing, setIsEditing] = useState(false);
  const id = useId();
  const shown = isEditing ? text : value;
  const commit = () => {
    setIsEditing(false);
    const parsed = Number.parseFloat(text);
    if (Number.isFinite(parsed)) onCommit(parsed);
  };
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-semibold text-neutral-700">
        {label} ({unit})
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step={unit === "%" ? 1 : 0.1}
        value={shown}
        onFocus={() => {
          setText(value);
          setIsEditing(true);
        }}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
        }}
        className="mt-1 block h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-base tabular-nums outline-none focus:border-brand focus:ring-2 focus:ring-brand/30"
      />
    </div>
  );
}

/** Keeps a pointer's moves coming to the preview when it leaves it (a pointer the browser no longer knows is skipped). */
function capture(element: Element, pointerId: number) {
  try {
    element.setPointerCapture(pointerId);
  } catch {
    // The pointer is already gone (lifted between the event and this call).
  }
}

type Gesture =
  | { kind: "drag"; pointerId: number; startX: number; startY: number; start: Placement }
  | { kind: "pinch"; startDistance: number; start: Placement }
  | { kind: "resize"; pointerId: number; centreX: number; centreY: number; startDistance: number; start: Placement };

/** The garment in one colour with the artwork on it, drawn like the grid; the artwork moves under the pointer. */
function PlacementPreview({
  garment,
  aspect,
  placement,
  bitmap,
  color,
  onChange,
  label,
}: {
  garment: StudioGarment;
  aspect: number;
  placement: Placement;
  bitmap: ImageBitmap | undefined;
  color: ProductColor;
  onChange: (placement: Placement) => void;
  label: string;
}) {
  const layers = useGarmentLayers(garment, PREVIEW_SIZE);
  const canvas = useRef<HTMLCanvasElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const painter = useMemo(
    () => (layers.value ? new MockupPainter(garment, layers.value) : undefined),
    [garment, layers.value],
  );
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture | undefined>(undefined);
  // The placement as last set, ahead of React's render: a gesture that starts right after another one
  // (a finger lifted mid-pinch) continues from it.
  const latest = useRef(placement);
  const rendered = useRef(placement);
  if (rendered.current !== placement) {
    rendered.current = placement;
    latest.current = placement;
  }
  const emit = (next: Placement) => {
    latest.current = next;
    onChange(next);
  };

  useEffect(() => {
    const context = canvas.current?.getContext("2d");
    if (!painter || !context) return;
    const frame = requestAnimationFrame(() => {
      const print = bitmap ? preparedPrint(bitmap, garment, aspect, placement, PREVIEW_SIZE) : undefined;
      painter.paint(context, color, print);
    });
    return () => cancelAnimationFrame(frame);
  }, [painter, bitmap, garment, aspect, placement, color]);

  const box = placeArtwork(garment, aspect, placement, 1000);
  const displaySize = () => area.current?.getBoundingClientRect().width ?? PREVIEW_SIZE;

  const startGesture = () => {
    const points = [...pointers.current.entries()];
    if (points.length >= 2) {
      const [first, second] = points;
      if (first && second) {
        gesture.current = { kind: "pinch", startDistance: pointerDistance(first[1], second[1]), start: latest.current };
      }
    } else if (points.length === 1 && points[0] && gesture.current?.kind !== "resize") {
      const [pointerId, point] = points[0];
      gesture.current = { kind: "drag", pointerId, startX: point.x, startY: point.y, start: latest.current };
    } else if (points.length === 0) {
      gesture.current = undefined;
    }
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 && event.pointerType === "mouse") return;
    capture(event.currentTarget, event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    startGesture();
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    if (!current) return;
    if (current.kind === "drag" && current.pointerId === event.pointerId) {
      emit(
        dragPlacement(
          garment,
          aspect,
          current.start,
          event.clientX - current.startX,
          event.clientY - current.startY,
          displaySize(),
        ),
      );
    } else if (current.kind === "pinch") {
      const [first, second] = [...pointers.current.values()];
      if (first && second && current.startDistance > 0) {
        emit(scalePlacement(garment, aspect, current.start, pointerDistance(first, second) / current.startDistance));
      }
    } else if (current.kind === "resize" && current.pointerId === event.pointerId && current.startDistance > 0) {
      const distance = pointerDistance(
        { x: event.clientX, y: event.clientY },
        { x: current.centreX, y: current.centreY },
      );
      emit(scalePlacement(garment, aspect, current.start, distance / current.startDistance));
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (gesture.current?.kind === "resize" && gesture.current.pointerId === event.pointerId)
      gesture.current = undefined;
    startGesture();
  };

  const onResizeDown = (event: ReactPointerEvent<HTMLSpanElement>) => {
    event.stopPropagation();
    const artwork = event.currentTarget.parentElement?.getBoundingClientRect();
    if (!artwork) return;
    if (area.current) capture(area.current, event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const centreX = artwork.left + artwork.width / 2;
    const centreY = artwork.top + artwork.height / 2;
    gesture.current = {
      kind: "resize",
      pointerId: event.pointerId,
      centreX,
      centreY,
      startDistance: pointerDistance({ x: event.clientX, y: event.clientY }, { x: centreX, y: centreY }),
      start: latest.current,
    };
  };

  const fields = placementFields(garment, placement, "in");

  return (
    <div
      ref={area}
      className="relative aspect-square w-full max-w-[480px] touch-none select-none overflow-hidden rounded-2xl bg-neutral-100"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <canvas
        ref={canvas}
        width={PREVIEW_SIZE}
        height={PREVIEW_SIZE}
        className="block size-full"
        role="img"
        aria-label={`${label} with your artwork`}
      />
      {layers.error && (
        <p role="alert" className="absolute inset-x-3 top-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {layers.error}
        </p>
      )}
      {/* The print area, dashed, and the artwork's box: a focusable handle for the keyboard. */}
      <PrintAreaOutline garment={garment} />
      <div
        role="slider"
        tabIndex={0}
        aria-label="Artwork position"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(placement.x * 100)}
        aria-valuetext={`${formatField(fields.x, "in")} in from the left, ${formatField(fields.y, "in")} in from the top, ${formatField(fields.width, "in")} in wide`}
        onKeyDown={(event) => {
          const next = placementForKey(garment, aspect, latest.current, event.key, event.shiftKey);
          if (!next) return;
          event.preventDefault();
          emit(next);
        }}
        className="absolute cursor-move outline-1 outline-brand/70 outline-dashed focus-visible:outline-2 focus-visible:outline-brand focus-visible:outline-solid"
        style={{
          left: `${box.x / 10}%`,
          top: `${box.y / 10}%`,
          width: `${box.width / 10}%`,
          height: `${box.height / 10}%`,
        }}
      >
        <span
          aria-hidden="true"
          onPointerDown={onResizeDown}
          className="absolute -right-3 -bottom-3 size-6 cursor-nwse-resize rounded-full border-2 border-white bg-brand shadow"
        />
      </div>
    </div>
  );
}

function PrintAreaOutline({ garment }: { garment: StudioGarment }) {
  const { box } = PRINT_AREAS[garment];
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute border border-neutral-500/50 border-dashed"
      style={{
        left: `${box.x / 10}%`,
        top: `${box.y / 10}%`,
        width: `${box.width / 10}%`,
        height: `${box.height / 10}%`,
      }}
    />
  );
}
