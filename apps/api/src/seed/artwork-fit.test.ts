import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { GARMENTS } from "../modules/media/media-keys.ts";
import {
  defaultPrintBox,
  OPAQUE_ALPHA,
  PRINT_SAFE_MARGIN,
  preparePrint,
  printAreaPixels,
} from "../modules/media/render-mockup.ts";
import { measureSlideText, SLIDE_TEXT_RIGHT, slideSvg } from "./artwork/profile-art.ts";
import { mapConcurrent } from "./artwork/render.ts";
import { planDemoCatalogue, plannedArtworkSvg } from "./demo-catalogue-plan.ts";

/**
 * Issue 15: lettering cut off at the print edge. Every seeded design is drawn with a margin around its canvas
 * (anything there would be cut off in the stored PNG), then laid on every garment the way the mockups are, at
 * the smallest mockup size: no inked pixel may fall outside the print area, nor inside its safe margin.
 *
 * The mockups lay an unplaced artwork by its inked bounds (`defaultPrintBox`) and draw nothing outside that
 * box (`preparePrint` resizes the trimmed artwork to exactly the box). So for every design the box is checked
 * on every garment (arithmetic on the bounds measured here), and the pixels `preparePrint` really produces
 * are checked for the designs of the widest and the tallest bounds, the two that press against the sides
 * and the bottom of the safe box.
 */

const plan = planDemoCatalogue();
/** Canvas width of the reduced render (1 px = 7.5 canvas units). */
const WIDTH = 160;
const HEIGHT = 200;
const OVERSCAN = 0.25;
const MOCKUP_SIZE = 320;

type Design = (typeof plan.designs)[number];
type Box = { x: number; y: number; width: number; height: number };
type Rendered = { design: Design; artwork: Buffer; bounds: { width: number; height: number }; problems: string[] };

/** The print area less its safe margin, as the check counts it. */
function safeBox(garment: (typeof GARMENTS)[number]): Box {
  const area = printAreaPixels(garment, MOCKUP_SIZE);
  const inset = Math.round(area.width * PRINT_SAFE_MARGIN);
  return { x: area.x + inset, y: area.y + inset, width: area.width - 2 * inset, height: area.height - 2 * inset };
}

function inside(box: Box, x: number, y: number): boolean {
  return x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
}

/** Renders a design with overscan: what falls beyond its canvas, its inked bounds, the stored PNG. */
async function renderDesign(design: Design): Promise<Rendered> {
  const problems: string[] = [];
  const svg = await plannedArtworkSvg(design, WIDTH, OVERSCAN);
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const left = Math.round(WIDTH * OVERSCAN);
  const top = Math.round(HEIGHT * OVERSCAN);
  const canvas = { x: left, y: top, width: WIDTH, height: HEIGHT };
  let beyond = 0;
  let inkLeft = Number.POSITIVE_INFINITY;
  let inkRight = -1;
  let inkTop = Number.POSITIVE_INFINITY;
  let inkBottom = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if ((data[(y * info.width + x) * 4 + 3] as number) <= OPAQUE_ALPHA) continue;
      if (!inside(canvas, x, y)) {
        beyond++;
        continue;
      }
      inkLeft = Math.min(inkLeft, x);
      inkRight = Math.max(inkRight, x);
      inkTop = Math.min(inkTop, y);
      inkBottom = Math.max(inkBottom, y);
    }
  }
  if (beyond > 0) problems.push(`${design.displayName}: ${beyond} px drawn beyond its canvas (cut off)`);
  // The artwork as the seed stores it (its canvas only); a blank one keeps its whole canvas as its bounds.
  const artwork = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .extract({ left, top, width: WIDTH, height: HEIGHT })
    .png()
    .toBuffer();
  const bounds =
    inkRight < 0 ? { width: WIDTH, height: HEIGHT } : { width: inkRight - inkLeft + 1, height: inkBottom - inkTop + 1 };
  return { design, artwork, bounds, problems };
}

/** Lays the artwork on a garment with the mockups' own code and counts inked pixels outside the safe box. */
async function inkOutsideSafeBox(artwork: Buffer, garment: (typeof GARMENTS)[number]): Promise<number> {
  const safe = safeBox(garment);
  const print = await preparePrint(artwork, garment, MOCKUP_SIZE);
  let outside = 0;
  for (let row = 0; row < print.height; row++) {
    for (let column = 0; column < print.width; column++) {
      if ((print.rgba[(row * print.width + column) * 4 + 3] as number) <= OPAQUE_ALPHA) continue;
      if (!inside(safe, print.x + column, print.y + row)) outside++;
    }
  }
  return outside;
}

describe("seeded artwork fits the print", () => {
  it(`draws every one of the ${plan.designs.length} seeded designs inside its canvas and inside every garment's print area`, async () => {
    const rendered = await mapConcurrent(plan.designs, 4, renderDesign);
    const problems = rendered.flatMap((entry) => entry.problems);
    for (const { design, bounds } of rendered) {
      for (const garment of GARMENTS) {
        const box = defaultPrintBox(garment, MOCKUP_SIZE, bounds);
        const safe = safeBox(garment);
        const fits = inside(safe, box.x, box.y) && inside(safe, box.x + box.width - 1, box.y + box.height - 1);
        if (!fits) problems.push(`${design.displayName} on ${garment}: its print box leaves the safe box`);
      }
    }
    const aspect = (entry: Rendered) => entry.bounds.width / entry.bounds.height;
    const widest = rendered.reduce((best, entry) => (aspect(entry) > aspect(best) ? entry : best));
    const tallest = rendered.reduce((best, entry) => (aspect(entry) < aspect(best) ? entry : best));
    for (const { design, artwork } of [widest, tallest]) {
      for (const garment of GARMENTS) {
        const outside = await inkOutsideSafeBox(artwork, garment);
        if (outside > 0)
          problems.push(`${design.displayName} on ${garment}: ${outside} px outside the print area's safe box`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("keeps every carousel slide's text and button whole and clear of the artworks on its right", async () => {
    for (const [index, slide] of plan.slides.entries()) {
      const content = { ...slide, seed: String(index + 1) };
      const svg = slideSvg(content, await measureSlideText(content), "text");
      const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      let right = -1;
      let inked = 0;
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) {
          if ((data[(y * info.width + x) * 4 + 3] as number) === 0) continue;
          inked++;
          right = Math.max(right, x);
        }
      }
      expect(inked, slide.headline).toBeGreaterThan(2000);
      expect(right, slide.headline).toBeLessThan(SLIDE_TEXT_RIGHT);
    }
  });
});
