import { clampPlacement, fitScale, type Placement, PRINT_AREAS, type StudioGarment } from "@threadfolk/contract/studio";

/**
 * The placement step's arithmetic on top of the contract's (`clampPlacement`, `placeArtwork`): every move,
 * scale, nudge and typed number ends in `clampPlacement`, so the preview shows what the server renders.
 * `displaySize` is the width of the garment drawing on screen (its 1000 units), in CSS pixels.
 */

/** Arrow keys move by 1 % of the print area, 5 % with Shift. */
export const NUDGE_STEP = 0.01;
export const NUDGE_BIG_STEP = 0.05;
/** + / - scale by 2 % (10 % with Shift). */
export const SCALE_STEP = 1.02;
export const SCALE_BIG_STEP = 1.1;

export type PlacementUnit = "in" | "%";

/** The print area's size on screen, in CSS pixels. */
export function printAreaOnScreen(garment: StudioGarment, displaySize: number) {
  const { box } = PRINT_AREAS[garment];
  return { width: (box.width * displaySize) / 1000, height: (box.height * displaySize) / 1000 };
}

/** The artwork's height as a share of the print area's height at `scale`. */
export function heightShare(garment: StudioGarment, aspect: number, scale: number): number {
  const { box } = PRINT_AREAS[garment];
  return (scale * box.width) / aspect / box.height;
}

/** A drag of `dx`, `dy` screen pixels from `start`. */
export function dragPlacement(
  garment: StudioGarment,
  aspect: number,
  start: Placement,
  dx: number,
  dy: number,
  displaySize: number,
): Placement {
  const area = printAreaOnScreen(garment, displaySize);
  return clampPlacement(garment, aspect, { ...start, x: start.x + dx / area.width, y: start.y + dy / area.height });
}

/** Scales by `factor` about the artwork's centre (pinch, the corner handle, + and -), kept inside the area. */
export function scalePlacement(garment: StudioGarment, aspect: number, start: Placement, factor: number): Placement {
  const startHeight = heightShare(garment, aspect, start.scale);
  const centreX = start.x + start.scale / 2;
  const centreY = start.y + startHeight / 2;
  const scale = Math.min(Math.max(start.scale * factor, 0.05), fitScale(garment, aspect));
  const height = heightShare(garment, aspect, scale);
  return clampPlacement(garment, aspect, { scale, x: centreX - scale / 2, y: centreY - height / 2 });
}

/** What a key press does to the placement, or undefined for keys the placement does not use. */
export function placementForKey(
  garment: StudioGarment,
  aspect: number,
  placement: Placement,
  key: string,
  shift: boolean,
): Placement | undefined {
  const step = shift ? NUDGE_BIG_STEP : NUDGE_STEP;
  const factor = shift ? SCALE_BIG_STEP : SCALE_STEP;
  switch (key) {
    case "ArrowLeft":
      return clampPlacement(garment, aspect, { ...placement, x: placement.x - step });
    case "ArrowRight":
      return clampPlacement(garment, aspect, { ...placement, x: placement.x + step });
    case "ArrowUp":
      return clampPlacement(garment, aspect, { ...placement, y: placement.y - step });
    case "ArrowDown":
      return clampPlacement(garment, aspect, { ...placement, y: placement.y + step });
    case "+":
    case "=":
      return scalePlacement(garment, aspect, placement, factor);
    case "-":
    case "_":
      return scalePlacement(garment, aspect, placement, 1 / factor);
    default:
      return undefined;
  }
}

/** 'Centre': across the chest (the height stays where it hangs). */
export function centrePlacement(garment: StudioGarment, aspect: number, placement: Placement): Placement {
  return clampPlacement(garment, aspect, { ...placement, x: (1 - placement.scale) / 2 });
}

/** 'Fit width': as wide as the print area allows (the height may limit it), centred across. */
export function fitWidthPlacement(garment: StudioGarment, aspect: number, placement: Placement): Placement {
  const scale = fitScale(garment, aspect);
  return clampPlacement(garment, aspect, { ...placement, scale, x: (1 - scale) / 2 });
}

/** The numeric fields (x, y from the print area's top-left corner, and the width) in inches or percent. */
export function placementFields(garment: StudioGarment, placement: Placement, unit: PlacementUnit) {
  if (unit === "%") return { x: placement.x * 100, y: placement.y * 100, width: placement.scale * 100 };
  const { widthInches, heightInches } = PRINT_AREAS[garment];
  return { x: placement.x * widthInches, y: placement.y * heightInches, width: placement.scale * widthInches };
}

/** A typed value of one numeric field applied to the placement (a width scales about the top-left corner). */
export function placementFromField(
  garment: StudioGarment,
  aspect: number,
  placement: Placement,
  field: "x" | "y" | "width",
  value: number,
  unit: PlacementUnit,
): Placement {
  if (!Number.isFinite(value)) return placement;
  const { widthInches, heightInches } = PRINT_AREAS[garment];
  const share = unit === "%" ? value / 100 : value / (field === "y" ? heightInches : widthInches);
  if (field === "x") return clampPlacement(garment, aspect, { ...placement, x: share });
  if (field === "y") return clampPlacement(garment, aspect, { ...placement, y: share });
  return clampPlacement(garment, aspect, { ...placement, scale: share });
}

/** Distance between two pointers (a pinch's spread). */
export function pointerDistance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Rounds a field for display: inches to 0.1, percent to whole numbers. */
export function formatField(value: number, unit: PlacementUnit): string {
  return unit === "%" ? String(Math.round(value)) : (Math.round(value * 10) / 10).toFixed(1);
}
