import type { ProductColor } from "@threadfolk/contract/colors";
import { composeFabric, type GarmentLayers, layPrint, type PreparedPrint } from "@threadfolk/contract/mockup-compose";
import { PRINT_AREAS, type StudioGarment } from "@threadfolk/contract/studio";

/** The Performance API name of one redraw of the colour grid after a placement change (an e2e run reads it). */
export const GRID_REDRAW_MEASURE = "studio-colour-grid-redraw";
/** The grid's first paint of a garment, which also composes the 19 bare garments once. */
export const GRID_FIRST_PAINT_MEASURE = "studio-colour-grid-first-paint";

type Painted = { fabric: Uint8Array; scratch: Uint8Array; image: ImageData };

/**
 * Draws mockups of one garment into canvases, composited in the browser with the server's own code
 * (`@threadfolk/contract/mockup-compose`). Each colour's bare garment is composed once; a new placement
 * copies it, lays the print, and repaints only the print area's rectangle.
 */
export class MockupPainter {
  readonly layers: GarmentLayers;
  readonly garment: StudioGarment;
  private readonly painted = new Map<ProductColor, Painted>();
  /** Canvases painted whole once (later paints repaint the print area only). */
  private readonly seen = new WeakMap<CanvasRenderingContext2D, ProductColor>();
  private readonly region: { x: number; y: number; width: number; height: number };

  constructor(garment: StudioGarment, layers: GarmentLayers) {
    this.garment = garment;
    this.layers = layers;
    const { box } = PRINT_AREAS[garment];
    const unit = layers.size / 1000;
    // The print never leaves the print area; a pixel of margin covers placeArtwork's rounding.
    const x = Math.max(0, Math.floor(box.x * unit) - 2);
    const y = Math.max(0, Math.floor(box.y * unit) - 2);
    this.region = {
      x,
      y,
      width: Math.min(layers.size - x, Math.ceil(box.width * unit) + 4),
      height: Math.min(layers.size - y, Math.ceil(box.height * unit) + 4),
    };
  }

  /** Whether every colour's bare garment is composed already (later paints only lay the print). */
  isComposed(colors: readonly ProductColor[]): boolean {
    return colors.every((color) => this.painted.has(color));
  }

  private paintedOf(color: ProductColor): Painted {
    let painted = this.painted.get(color);
    if (!painted) {
      const { size } = this.layers;
      const fabric = composeFabric({ layers: this.layers, color });
      const image = new ImageData(size, size);
      rgbToRgba(fabric, image.data, size, { x: 0, y: 0, width: size, height: size });
      painted = { fabric, scratch: new Uint8Array(fabric.length), image };
      this.painted.set(color, painted);
    }
    return painted;
  }

  /** Paints `color` with `print` (or the bare garment) into `context`, whose canvas is the layers' size. */
  paint(context: CanvasRenderingContext2D, color: ProductColor, print: PreparedPrint | undefined): void {
    const full = this.seen.get(context) !== color;
    this.seen.set(context, color);
    const painted = this.paintedOf(color);
    const region = this.region;
    painted.scratch.set(painted.fabric);
    if (print) layPrint(painted.scratch, this.layers, print, color);
    rgbToRgba(painted.scratch, painted.image.data, this.layers.size, region);
    if (full) context.putImageData(painted.image, 0, 0);
    else context.putImageData(painted.image, 0, 0, region.x, region.y, region.width, region.height);
  }
}

function rgbToRgba(
  rgb: Uint8Array,
  rgba: Uint8ClampedArray,
  size: number,
  region: { x: number; y: number; width: number; height: number },
): void {
  for (let y = region.y; y < region.y + region.height; y++) {
    let source = (y * size + region.x) * 3;
    let target = (y * size + region.x) * 4;
    for (let x = 0; x < region.width; x++, source += 3, target += 4) {
      rgba[target] = rgb[source] as number;
      rgba[target + 1] = rgb[source + 1] as number;
      rgba[target + 2] = rgb[source + 2] as number;
      rgba[target + 3] = 255;
    }
  }
}
