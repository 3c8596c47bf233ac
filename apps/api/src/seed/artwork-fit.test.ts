import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { GARMENTS } from "../modules/media/media-keys.ts";
import { OPAQUE_ALPHA, PRINT_SAFE_MARGIN, preparePrint, printAreaPixels } from "../modules/media/render-mockup.ts";
import { measureSlideText, SLIDE_TEXT_RIGHT, slideSvg } from "./artwork/profile-art.ts";
import { mapConcurrent } from "./artwork/render.ts";
import { planDemoCatalogue, plannedArtworkSvg } from "./demo-catalogue-plan.ts";

/**
 * Issue 15: lettering cut off at the print edge. Every seeded design is drawn with a margin around its canvas
 * (anything there would be cut off in the stored PNG), then laid on every garment the way the mockups are, at
 * the smallest mockup size: no inked pixel may fall outside the print area, nor inside its safe margin.
 */

const plan = planDemoCatalogue();
/** Canvas width of the reduced render (1 px = 7.5 canvas units). */
const WIDTH = 160;
const HEIGHT = 200;
const OVERSCAN = 0.25;
const MOCKUP_SIZE = 320;

type Problem = string;

async function checkDesign(design: (typeof plan.designs)[number]): Promise<Problem[]> {
  const problems: Problem[] = [];
  const svg = await plannedArtworkSvg(design, WIDTH, OVERSCAN);
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const left = Math.round(WIDTH * OVERSCAN);
  const top = Math.round(HEIGHT * OVERSCAN);
  let beyond = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const inside = x >= left && x < left + WIDTH && y >= top && y < top + HEIGHT;
      if (!inside && (data[(y * info.width + x) * 4 + 3] as number) > OPAQUE_ALPHA) beyond++;
    }
  }
  if (beyond > 0) problems.push(`${design.displayName}: ${beyond} px drawn beyond its canvas (cut off)`);
  // The artwork as the seed stores it (its canvas only), laid on every garment by the mockup pipeline.
  const artwork = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .extract({ left, top, width: WIDTH, height: HEIGHT })
    .png()
    .toBuffer();
  for (const garment of GARMENTS) {
    const area = printAreaPixels(garment, MOCKUP_SIZE);
    const inset = Math.round(area.width * PRINT_SAFE_MARGIN);
    const print = await preparePrint(artwork, garment, MOCKUP_SIZE);
    let outside = 0;
    for (let row = 0; row < print.height; row++) {
      for (let column = 0; column < print.width; column++) {
        if ((print.rgba[(row * print.width + column) * 4 + 3] as number) <= OPAQUE_ALPHA) continue;
        const x = print.x + column;
        const y = print.y + row;
        const safe =
          x >= area.x + inset &&
          x < area.x + area.width - inset &&
          y >= area.y + inset &&
          y < area.y + area.height - inset;
        if (!safe) outside++;
      }
    }
    if (outside > 0)
      problems.push(`${design.displayName} on ${garment}: ${outside} px outside the print area's safe box`);
  }
  return problems;
}

describe("seeded artwork fits the print", () => {
  it(`draws every one of the ${plan.designs.length} seeded designs inside its canvas and inside every garment's print area`, async () => {
    const problems = (await mapConcurrent(plan.designs, 4, checkDesign)).flat();
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
