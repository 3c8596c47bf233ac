import { colorDisplayName, PRODUCT_COLORS, type ProductColor } from "@threadfolk/contract/colors";
import type { Placement, StudioGarment } from "@threadfolk/contract/studio";
import type { ContrastWarning } from "@threadfolk/contract/studio-contrast";
import { useEffect, useMemo, useRef } from "react";
import { GRID_FIRST_PAINT_MEASURE, GRID_REDRAW_MEASURE, MockupPainter } from "../compositing/mockup-canvases.ts";
import { preparedPrint, useGarmentLayers } from "../hooks/use-compositing.ts";

/** The grid's mockups are composited at this size (CSS shrinks them; 2x screens get a sharp cell). */
export const GRID_CELL_SIZE = 240;

type ColourGridProps = {
  garment: StudioGarment;
  aspect: number;
  placement: Placement;
  bitmap: ImageBitmap | undefined;
  warnings: readonly ContrastWarning[];
  /** With a selection: each cell toggles whether the colour is offered and can become the default. */
  selection?: {
    offered: readonly ProductColor[];
    defaultColor: ProductColor;
    onToggle: (color: ProductColor) => void;
    onDefault: (color: ProductColor) => void;
  };
  label: string;
};

/**
 * The artwork on all 19 garment colours at once, composited in the browser from the garment's layers with
 * the server's compositor, redrawn on every placement change (each redraw is measured as
 * `studio-colour-grid-redraw` with the Performance API; the first paint of a garment, which composes the 19
 * bare garments, as `studio-colour-grid-first-paint`).
 */
export function ColourGrid({ garment, aspect, placement, bitmap, warnings, selection, label }: ColourGridProps) {
  const layers = useGarmentLayers(garment, GRID_CELL_SIZE);
  const canvases = useRef(new Map<ProductColor, HTMLCanvasElement>());
  const painter = useMemo(
    () => (layers.value ? new MockupPainter(garment, layers.value) : undefined),
    [garment, layers.value],
  );
  const frame = useRef(0);

  useEffect(() => {
    if (!painter) return;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const name = painter.isComposed(PRODUCT_COLORS) ? GRID_REDRAW_MEASURE : GRID_FIRST_PAINT_MEASURE;
      performance.mark(`${name}-start`);
      const print = bitmap ? preparedPrint(bitmap, garment, aspect, placement, GRID_CELL_SIZE) : undefined;
      for (const color of PRODUCT_COLORS) {
        const context = canvases.current.get(color)?.getContext("2d");
        if (context) painter.paint(context, color, print);
      }
      performance.mark(`${name}-end`);
      performance.measure(name, `${name}-start`, `${name}-end`);
    });
    return () => cancelAnimationFrame(frame.current);
  }, [painter, bitmap, garment, aspect, placement]);

  const warningOf = (color: ProductColor) => warnings.find((warning) => warning.color === color);

  return (
    <div>
      {layers.error && (
        <p role="alert" className="mb-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {layers.error}
        </p>
      )}
      <ul aria-label={label} className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:gap-3 lg:grid-cols-5 xl:grid-cols-7">
        {PRODUCT_COLORS.map((color) => {
          const warning = warningOf(color);
          const isOffered = selection ? selection.offered.includes(color) : true;
          const isDefault = selection?.defaultColor === color;
          return (
            <li
              key={color}
              className={`relative overflow-hidden rounded-xl border bg-white ${
                isDefault ? "border-brand ring-2 ring-brand" : "border-neutral-200"
              } ${isOffered ? "" : "opacity-45"}`}
            >
              <canvas
                ref={(element) => {
                  if (element) canvases.current.set(color, element);
                  else canvases.current.delete(color);
                }}
                width={GRID_CELL_SIZE}
                height={GRID_CELL_SIZE}
                className="block aspect-square w-full bg-neutral-100"
                role="img"
                aria-label={`${colorDisplayName(color)} mockup`}
              />
              {warning && (
                <span
                  title={warning.message}
                  className="absolute top-1.5 right-1.5 flex size-6 items-center justify-center rounded-full bg-amber-400 text-xs font-black text-amber-950"
                >
                  !<span className="sr-only">{warning.message}</span>
                </span>
              )}
              <div className="flex items-center justify-between gap-1 px-2 py-1.5">
                {selection ? (
                  <label className="flex min-w-0 cursor-pointer items-center gap-1.5 text-xs font-semibold text-neutral-900 md:text-sm">
                    <input
                      type="checkbox"
                      checked={isOffered}
                      onChange={() => selection.onToggle(color)}
                      className="size-4 shrink-0 accent-brand"
                    />
                    <span className="truncate">{colorDisplayName(color)}</span>
                  </label>
                ) : (
                  <span className="truncate text-xs font-semibold text-neutral-800 md:text-sm">
                    {colorDisplayName(color)}
                  </span>
                )}
              </div>
              {selection && (
                <label
                  className={`flex cursor-pointer items-center gap-1.5 border-t border-neutral-100 px-2 py-1.5 text-xs ${
                    isOffered ? "text-neutral-700" : "cursor-not-allowed text-neutral-400"
                  }`}
                >
                  <input
                    type="radio"
                    name="default-colour"
                    checked={isDefault}
                    disabled={!isOffered}
                    onChange={() => selection.onDefault(color)}
                    className="size-4 shrink-0 accent-brand"
                  />
                  Default
                </label>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
