/**
 * Shared pieces of our garment drawings (garment-art.ts): every garment is drawn front view in a
 * 1000 x 1000 square as colour-free layers, and these helpers keep the drawings alike.
 */

export type PrintArea = { x: number; y: number; width: number; height: number };

export type Point = [number, number];

/** One garment drawn as SVG markup in the 1000-unit square (without the outer `<svg>` element). */
export type GarmentDrawing = {
  /** The garment's outline, one path. */
  silhouette: string;
  /** Where the artwork goes, inside the silhouette. */
  printArea: PrintArea;
  /** The multiply layer: white leaves the fabric colour as is, grey darkens it. */
  shade: string;
  /** The screen layer: black leaves the fabric colour as is, grey lightens it. */
  light: string;
  /** Parts that hang over the print (a hoodie's drawstrings), white on black; absent when nothing does. */
  cover?: string;
};

export const mirror = ([x, y]: Point): Point => [1000 - x, y];
export const p = ([x, y]: Point) => `${x} ${y}`;
export const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** A path's mirror image about the vertical centre line (every "x y" pair of absolute coordinates). */
export const mirrorPath = (d: string) =>
  d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_match, x, y) => `${1000 - Number(x)} ${y}`);

/** A left-half path and its mirror image, as one path. */
export const both = (d: string) => `${d} ${mirrorPath(d)}`;

/** A grey of `value` (0 black, 1 white). */
export const grey = (value: number) => {
  const level = Math.round(Math.max(0, Math.min(1, value)) * 255);
  return `rgb(${level},${level},${level})`;
};

/** A blur filter whose region hugs the path (blurring the whole square costs time at every size). */
export function blurFilter(id: string, blur: number, d: string, strokeWidth: number): string {
  const numbers = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const xs = numbers.filter((_, index) => index % 2 === 0);
  const ys = numbers.filter((_, index) => index % 2 === 1);
  const margin = strokeWidth / 2 + blur * 3;
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  const width = Math.max(...xs) + margin - x;
  const height = Math.max(...ys) + margin - y;
  return `<filter id="${id}" filterUnits="userSpaceOnUse" x="${x}" y="${y}" width="${width}" height="${height}"><feGaussianBlur stdDeviation="${blur}"/></filter>`;
}

/** A fold: a soft blurred stroke, dark in the shade layer or light in the light layer. */
export type Fold = { d: string; width: number; depth: number; blur: number };

/** The fold and its mirror image on the other side of the garment. */
export const mirrored = (fold: Fold): Fold[] => [fold, { ...fold, d: mirrorPath(fold.d) }];

/** Blurred strokes for folds, with their filters; `color` black for shadows, white for ridges. */
function foldStrokes(folds: Fold[], idPrefix: string, color: string): { filters: string; markup: string } {
  return {
    filters: folds.map((fold, index) => blurFilter(`${idPrefix}${index}`, fold.blur, fold.d, fold.width)).join(""),
    markup: folds
      .map(
        (fold, index) =>
          `<path d="${fold.d}" fill="none" stroke="${color}" opacity="${fold.depth}" stroke-width="${fold.width}" stroke-linecap="round" filter="url(#${idPrefix}${index})"/>`,
      )
      .join(""),
  };
}

/** A cubic Bézier (or straight) segment of an outline, drawn from the previous segment's end. */
export type Segment = { to: Point; c1?: Point; c2?: Point };

const segmentMarkup = ({ to, c1, c2 }: Segment) => (c1 && c2 ? `C ${p(c1)}, ${p(c2)}, ${p(to)}` : `L ${p(to)}`);

/** The path of an outline from `start` through its segments (not closed). */
export function outlinePath(start: Point, segments: Segment[]): string {
  return [`M ${p(start)}`, ...segments.map(segmentMarkup)].join(" ");
}

/** The same outline walked backwards: its new start and segments. */
function reverseOutline(start: Point, segments: Segment[]): { start: Point; segments: Segment[] } {
  const points = [start, ...segments.map((segment) => segment.to)];
  const reversed: Segment[] = [];
  for (let index = segments.length - 1; index >= 0; index--) {
    const { c1, c2 } = segments[index] as Segment;
    reversed.push(c1 && c2 ? { to: points[index] as Point, c1: c2, c2: c1 } : { to: points[index] as Point });
  }
  return { start: points[points.length - 1] as Point, segments: reversed };
}

/**
 * A symmetric closed outline from its left half, drawn from the top centre down to the bottom centre;
 * the right half is its mirror image walked back up.
 */
export function symmetricOutline(start: Point, leftHalf: Segment[]): string {
  const back = reverseOutline(start, leftHalf);
  const right = back.segments.map(({ to, c1, c2 }) =>
    c1 && c2 ? { to: mirror(to), c1: mirror(c1), c2: mirror(c2) } : { to: mirror(to) },
  );
  return `${outlinePath(start, leftHalf)} ${right.map(segmentMarkup).join(" ")} Z`;
}

/** Points along a cubic Bézier, `steps` + 1 of them. */
function cubicPoints(from: Point, c1: Point, c2: Point, to: Point, steps = 24): Point[] {
  return Array.from({ length: steps + 1 }, (_, index) => {
    const t = index / steps;
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    return [a * from[0] + b * c1[0] + c * c2[0] + d * to[0], a * from[1] + b * c1[1] + c * c2[1] + d * to[1]] as Point;
  });
}

/** A line of points moved sideways by `distance` (positive: to the right of the direction of travel). */
export function offsetPoints(points: Point[], distance: number): Point[] {
  return points.map((point, index) => {
    const before = points[Math.max(0, index - 1)] as Point;
    const after = points[Math.min(points.length - 1, index + 1)] as Point;
    const dx = after[0] - before[0];
    const dy = after[1] - before[1];
    const length = Math.hypot(dx, dy) || 1;
    return [point[0] - (dy / length) * distance, point[1] + (dx / length) * distance] as Point;
  });
}

const round = (value: number) => Math.round(value * 10) / 10;

/** A polyline path through points (rounded to a tenth of a unit). */
export function polyline(points: Point[]): string {
  return points.map(([x, y], index) => `${index === 0 ? "M" : "L"} ${round(x)} ${round(y)}`).join(" ");
}

/** Evenly spaced lines across a band (a rib's wales), as one path, to be clipped to the band. */
export function ribLines(from: Point, to: Point, across: Point, count: number): string {
  return Array.from({ length: count }, (_, index) => {
    const t = index / (count - 1);
    const dx = across[0] * t;
    const dy = across[1] * t;
    return `M ${round(from[0] + dx)} ${round(from[1] + dy)} L ${round(to[0] + dx)} ${round(to[1] + dy)}`;
  }).join(" ");
}

/** Points along a whole outline (each segment sampled; straight ones at their ends only). */
export function outlinePoints(start: Point, segments: Segment[], steps = 24): Point[] {
  const points: Point[] = [start];
  let from = start;
  for (const { to, c1, c2 } of segments) {
    points.push(...(c1 && c2 ? cubicPoints(from, c1, c2, to, steps).slice(1) : [to]));
    from = to;
  }
  return points;
}

/** A dashed line of stitching (attributes of a path or group). */
export const STITCH = `fill="none" stroke="${grey(0.66)}" stroke-width="1.6" stroke-dasharray="5 3.5"`;

/**
 * The front's shading across the body, shared by every garment: full light in the middle, falling off
 * towards the sides where the fabric turns away from the viewer. `x1`..`x2` is the body's width.
 */
function bodyAcrossGradient(x1: number, x2: number): string {
  return `<linearGradient id="bodyX" gradientUnits="userSpaceOnUse" x1="${x1}" y1="0" x2="${x2}" y2="0">
        <stop offset="0" stop-color="${grey(0.74)}"/>
        <stop offset="0.07" stop-color="${grey(0.88)}"/>
        <stop offset="0.22" stop-color="${grey(0.99)}"/>
        <stop offset="0.34" stop-color="${grey(1)}"/>
        <stop offset="0.66" stop-color="${grey(1)}"/>
        <stop offset="0.78" stop-color="${grey(0.985)}"/>
        <stop offset="0.93" stop-color="${grey(0.87)}"/>
        <stop offset="1" stop-color="${grey(0.72)}"/>
      </linearGradient>`;
}

/** How the shading down the body starts: the grey under the collar and where (0-1) it reaches full light. */
type CollarShadow = { grey: number; until: number };

/** The front's shading down the body, from `y1` (the collar) to `y2` (the hem, which turns under and darkens). */
function bodyDownGradient(y1: number, y2: number, collar: CollarShadow): string {
  return `<linearGradient id="bodyY" gradientUnits="userSpaceOnUse" x1="0" y1="${y1}" x2="0" y2="${y2}">
        <stop offset="0" stop-color="${grey(collar.grey)}"/>
        <stop offset="${collar.until}" stop-color="${grey(1)}"/>
        <stop offset="0.85" stop-color="${grey(0.97)}"/>
        <stop offset="1" stop-color="${grey(0.88)}"/>
      </linearGradient>`;
}

/** The inside of the back seen through a neck opening, darker at the top (`y1`) than where it meets the front (`y2`). */
export function insideBackGradient(y1: number, y2: number): string {
  return `<linearGradient id="inside" gradientUnits="userSpaceOnUse" x1="0" y1="${y1}" x2="0" y2="${y2}">
        <stop offset="0" stop-color="${grey(0.42)}"/>
        <stop offset="1" stop-color="${grey(0.62)}"/>
      </linearGradient>`;
}

/**
 * A garment's multiply layer: white outside the silhouette; inside it the body's roundness across and down,
 * then the garment's own shapes (`underFolds`, e.g. sleeves shaded as a whole), its folds, and its
 * `details` (seams, ribs, collars, pockets) over them. `defs` holds the garment's own gradients, clip paths
 * and filters (ids other than garment, bodyX, bodyY and fold0, fold1, …).
 */
export function shadeLayer(options: {
  silhouette: string;
  /** The body's left and right edges, for the shading across it. */
  across: [number, number];
  /** The body's top and bottom, for the shading down it. */
  down: [number, number];
  collar?: CollarShadow;
  defs: string;
  underFolds?: string;
  folds: Fold[];
  details: string;
}): string {
  const {
    silhouette,
    across,
    down,
    collar = { grey: 0.95, until: 0.3 },
    defs,
    underFolds = "",
    folds,
    details,
  } = options;
  const { filters, markup } = foldStrokes(folds, "fold", "#000");
  return `<defs>
      <clipPath id="garment"><path d="${silhouette}"/></clipPath>
      ${bodyAcrossGradient(across[0], across[1])}
      ${bodyDownGradient(down[0], down[1], collar)}
      ${defs}
      ${filters}
    </defs>
    <rect width="1000" height="1000" fill="#fff"/>
    <g clip-path="url(#garment)">
      <rect width="1000" height="1000" fill="url(#bodyX)"/>
      <rect width="1000" height="1000" fill="url(#bodyY)" style="mix-blend-mode:multiply"/>
      ${underFolds}
      ${markup}
      ${details}
    </g>`;
}

/** Where the light falls on the chest: centre height, radius, vertical stretch, and the grey at its peak and at 0.6. */
type ChestLight = { cy: number; r: number; stretch: number; peak: number; middle: number };

/**
 * A garment's screen layer: black outside the silhouette; inside it the light on the chest, the ridges of
 * the folds, and the garment's own highlights (`details`). `defs` holds the garment's own filters (ids other
 * than garment, chest and ridge0, ridge1, …).
 */
export function lightLayer(options: {
  silhouette: string;
  chest: ChestLight;
  defs: string;
  ridges: Fold[];
  details: string;
}): string {
  const { silhouette, chest, defs, ridges, details } = options;
  const { cy, r, stretch, peak, middle } = chest;
  const { filters, markup } = foldStrokes(ridges, "ridge", "#fff");
  return `<defs>
      <clipPath id="garment"><path d="${silhouette}"/></clipPath>
      <radialGradient id="chest" gradientUnits="userSpaceOnUse" cx="500" cy="${cy}" r="${r}" gradientTransform="translate(500 ${cy}) scale(1 ${stretch}) translate(-500 -${cy})">
        <stop offset="0" stop-color="${grey(peak)}"/>
        <stop offset="0.6" stop-color="${grey(middle)}"/>
        <stop offset="1" stop-color="#000"/>
      </radialGradient>
      ${defs}
      ${filters}
    </defs>
    <rect width="1000" height="1000" fill="#000"/>
    <g clip-path="url(#garment)">
      <rect width="1000" height="1000" fill="url(#chest)"/>
      ${markup}
      ${details}
    </g>`;
}
