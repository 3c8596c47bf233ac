import { defaultPlacement, placeArtwork } from "@threadfolk/contract/studio";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderMockupImage } from "../media/render-design-mockups.ts";
import { preparePrint } from "../media/render-mockup.ts";

const artwork = await sharp({ create: { width: 1200, height: 1500, channels: 4, background: "#d03030" } })
  .png()
  .toBuffer();

describe("rendering with placements", () => {
  it("lays the artwork where the contract's placeArtwork puts it, at every width", async () => {
    const placement = { x: 0.1, y: 0.2, scale: 0.5 };
    for (const size of [320, 640, 1024]) {
      const print = await preparePrint(artwork, "hoodie", size, placement);
      const box = placeArtwork("hoodie", 1200 / 1500, placement, size);
      expect({ x: print.x, y: print.y, width: print.width, height: print.height }).toEqual(box);
      expect(print.rgba.length).toBe(box.width * box.height * 4);
    }
  });

  it("keeps a design without a placement where it always was (fitted, centred, hung from the top)", async () => {
    const unplaced = await preparePrint(artwork, "tee", 640);
    const fitted = placeArtwork("tee", 1200 / 1500, defaultPlacement("tee", 1200 / 1500), 640);
    // The same box as the default placement, to the pixel of rounding.
    expect(Math.abs(unplaced.x - fitted.x)).toBeLessThanOrEqual(1);
    expect(unplaced.y).toBe(fitted.y);
    expect(Math.abs(unplaced.width - fitted.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(unplaced.height - fitted.height)).toBeLessThanOrEqual(1);
  });

  it("renders a moved print differently from the default one", async () => {
    const options = {
      artwork,
      garment: "tee",
      color: "white",
      width: 320,
      variant: "mockups",
      brandName: "T",
    } as const;
    const plain = await renderMockupImage(options);
    const moved = await renderMockupImage({ ...options, placement: { x: 0.5, y: 0.5, scale: 0.3 } });
    expect(moved.equals(plain)).toBe(false);
  });
});
