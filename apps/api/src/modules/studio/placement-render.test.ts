import { defaultPlacement, placeArtwork } from "@threadfolk/contract/studio";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderMockupImage } from "../media/render-design-mockups.ts";
import { defaultPrintBox, preparePrint } from "../media/render-mockup.ts";

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

  it("fits a design without a placement inside the print area less the safe margin, within the default box", async () => {
    const unplaced = await preparePrint(artwork, "tee", 640);
    // An opaque artwork has no padding to trim: its whole canvas is fitted, centred and hung from the top.
    expect({ x: unplaced.x, y: unplaced.y, width: unplaced.width, height: unplaced.height }).toEqual(
      defaultPrintBox("tee", 640, { width: 1200, height: 1500 }),
    );
    // The margin only ever shrinks the studio's default placement: the print stays inside its box.
    const fitted = placeArtwork("tee", 1200 / 1500, defaultPlacement("tee", 1200 / 1500), 640);
    expect(unplaced.x).toBeGreaterThan(fitted.x);
    expect(unplaced.y).toBeGreaterThan(fitted.y);
    expect(unplaced.x + unplaced.width).toBeLessThan(fitted.x + fitted.width);
    expect(unplaced.y + unplaced.height).toBeLessThanOrEqual(fitted.y + fitted.height + 1);
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
