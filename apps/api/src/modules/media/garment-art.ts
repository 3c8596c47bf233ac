import type { GarmentDrawing, PrintArea } from "./garment-drawing.ts";
import { drawHoodie } from "./hoodie-art.ts";
import type { Garment } from "./media-keys.ts";
import { drawTankTop } from "./tank-top-art.ts";
import { drawTee } from "./tee-art.ts";

/**
 * Our own drawings of the garments, front view, as SVG in a 1000 x 1000 square. Each is drawn as
 * colour-free layers that the compositor combines with a fabric colour (render-mockup.ts):
 *  - mask: the garment's silhouette (white on black);
 *  - shade: a multiply layer (white = untouched): body roundness, folds, seams, collar, the inside back;
 *  - light: a screen layer (black = untouched): highlights on the chest, fold ridges and sleeve tops;
 *  - cover: what hangs over the print (a hoodie's drawstrings), so the ink goes under it;
 *  - backdrop: the studio background with the garment's soft shadow.
 * Multiply shows on light fabrics and screen on dark ones, so one drawing reads as a garment in every colour.
 * The tees are in tee-art.ts, the hoodie in hoodie-art.ts and the tank top in tank-top-art.ts.
 */

export type { PrintArea };

const DRAWINGS: Record<Garment, GarmentDrawing> = {
  tee: drawTee("tee"),
  "womens-tee": drawTee("womens-tee"),
  "long-sleeve": drawTee("long-sleeve"),
  hoodie: drawHoodie(),
  "tank-top": drawTankTop(),
};

/** The chest print area of a garment, in the 1000-unit square. */
export function printAreaOf(garment: Garment): PrintArea {
  return DRAWINGS[garment].printArea;
}

const svg = (size: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">${body}</svg>`;

/** White silhouette on black: the garment's coverage (alpha). */
export function maskSvg(garment: Garment, size: number): string {
  return svg(
    size,
    `<rect width="1000" height="1000" fill="#000"/><path d="${DRAWINGS[garment].silhouette}" fill="#fff"/>`,
  );
}

/** The multiply layer: white leaves the fabric colour as is, grey darkens it. */
export function shadeSvg(garment: Garment, size: number): string {
  return svg(size, DRAWINGS[garment].shade);
}

/** The screen layer: black leaves the fabric colour as is, grey lightens it. */
export function lightSvg(garment: Garment, size: number): string {
  return svg(size, DRAWINGS[garment].light);
}

/** What lies over the print, white on black; undefined when nothing does (the print's coverage is the mask). */
export function coverSvg(garment: Garment, size: number): string | undefined {
  const { cover } = DRAWINGS[garment];
  return cover === undefined ? undefined : svg(size, `<rect width="1000" height="1000" fill="#000"/>${cover}`);
}

/** The studio background with the garment's soft contact shadow; the only layer with its own colour. */
export function backdropSvg(garment: Garment, size: number): string {
  const paths = DRAWINGS[garment];
  return svg(
    size,
    `<defs>
      <radialGradient id="studio" gradientUnits="userSpaceOnUse" cx="500" cy="430" r="720">
        <stop offset="0" stop-color="#f1f0ed"/>
        <stop offset="0.7" stop-color="#e8e6e2"/>
        <stop offset="1" stop-color="#dedcd7"/>
      </radialGradient>
      <filter id="shadow" filterUnits="userSpaceOnUse" x="20" y="-40" width="960" height="1040"><feGaussianBlur stdDeviation="16"/></filter>
    </defs>
    <rect width="1000" height="1000" fill="url(#studio)"/>
    <path d="${paths.silhouette}" fill="#5d5850" opacity="0.32" filter="url(#shadow)" transform="translate(6 16)"/>`,
  );
}
