import { describe, expect, it } from "vitest";
import {
  artistEarningsPerSale,
  clampPlacement,
  DESIGN_DETAIL_MESSAGES,
  defaultPlacement,
  designDetailsSchema,
  effectiveDpi,
  fitScale,
  openStorefrontBodySchema,
  PRICING_MESSAGES,
  placeArtwork,
  placeArtworkInArea,
  priceProblem,
  printFileSize,
  printQuality,
  printResolutionCheck,
  STOREFRONT_MESSAGES,
} from "./studio.ts";

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("print resolution", () => {
  it("puts 300 DPI and up in good, 150-299 in fair, below 150 in blocked", () => {
    expect(printQuality(300)).toBe("good");
    expect(printQuality(299.9)).toBe("fair");
    expect(printQuality(150)).toBe("fair");
    expect(printQuality(149.9)).toBe("blocked");
  });

  it("divides the artwork's pixels by the printed inches", () => {
    expect(effectiveDpi(3600, 12)).toBe(300);
    expect(effectiveDpi(1800, 12)).toBe(150);
    expect(effectiveDpi(100, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it("checks an artwork at the chosen scale of a tee's 12 in wide print area", () => {
    const half = printResolutionCheck({ garment: "tee", artworkWidth: 1800, artworkHeight: 2400, scale: 0.5 });
    expect(half.widthInches).toBeCloseTo(6);
    expect(half.heightInches).toBeCloseTo(8);
    expect(half.dpi).toBe(300);
    expect(half.quality).toBe("good");

    const full = printResolutionCheck({ garment: "tee", artworkWidth: 1800, artworkHeight: 2400, scale: 1 });
    expect(full.dpi).toBe(150);
    expect(full.quality).toBe("fair");
    // The largest good print: 1800 px at 300 DPI is 6 x 8 in.
    expect(full.largestGoodWidthInches).toBeCloseTo(6);
    expect(full.largestGoodHeightInches).toBeCloseTo(8);
    expect(full.largestGoodScale).toBeCloseTo(0.5);
  });

  it("blocks a small artwork printed large and names the size that would be good", () => {
    const check = printResolutionCheck({ garment: "tee", artworkWidth: 1500, artworkHeight: 1500, scale: 1 });
    expect(check.dpi).toBe(125);
    expect(check.quality).toBe("blocked");
    expect(check.largestGoodWidthInches).toBeCloseTo(5);
    expect(check.largestGoodScale).toBeCloseTo(5 / 12);
  });

  it("never offers a good size larger than the print area holds", () => {
    const check = printResolutionCheck({ garment: "hoodie", artworkWidth: 9000, artworkHeight: 9000, scale: 0.2 });
    // A square on the hoodie's 12 x 13 in area is at most 12 in wide, however many pixels it has.
    expect(check.largestGoodWidthInches).toBeLessThanOrEqual(12);
    expect(check.largestGoodScale).toBeLessThanOrEqual(1);
  });
});

describe("placement", () => {
  it("fits wide art to the print area's width and tall art to its height", () => {
    expect(fitScale("tee", 4)).toBe(1);
    expect(fitScale("tee", 1)).toBe(1);
    // A 1:4 strip on the tee's 280 x 373 box: its height limits it to 373 / 4 = 93.25 units of 280.
    expect(fitScale("tee", 0.25)).toBeCloseTo(93.25 / 280);
  });

  it("starts as large as fits, centred and hung from the top", () => {
    const placement = defaultPlacement("tee", 0.25);
    expect(placement.scale).toBeCloseTo(93.25 / 280);
    expect(placement.x).toBeCloseTo((1 - placement.scale) / 2);
    expect(placement.y).toBe(0);
  });

  it("keeps the artwork inside the print area", () => {
    const clamped = clampPlacement("tee", 1, { x: 0.9, y: 0.9, scale: 0.5 });
    expect(clamped.scale).toBe(0.5);
    expect(clamped.x).toBeCloseTo(0.5);
    // 0.5 x 280 = 140 units tall of 373.
    expect(clamped.y).toBeCloseTo(1 - 140 / 373);
    expect(clampPlacement("tee", 0.25, { x: 0, y: 0, scale: 1 }).scale).toBeCloseTo(93.25 / 280);
    expect(clampPlacement("tee", 1, { x: -1, y: -1, scale: 0.01 })).toEqual({ x: 0, y: 0, scale: 0.05 });
  });

  it("turns a placement into pixels on any canvas size", () => {
    expect(placeArtwork("tee", 1, { x: 0, y: 0, scale: 0.5 }, 1000)).toEqual({
      x: 360,
      y: 246,
      width: 140,
      height: 140,
    });
    expect(placeArtwork("tee", 1, { x: 0, y: 0, scale: 0.5 }, 500)).toEqual({ x: 180, y: 123, width: 70, height: 70 });
    // Out of bounds is clamped first: the same box as the clamped placement.
    expect(placeArtwork("tee", 1, { x: 1, y: 1, scale: 0.5 }, 1000)).toEqual(
      placeArtwork("tee", 1, clampPlacement("tee", 1, { x: 1, y: 1, scale: 0.5 }), 1000),
    );
  });

  it("makes each garment's print file its print area at 300 DPI", () => {
    expect(printFileSize("tee")).toEqual({ widthPx: 3600, heightPx: 4800, dpi: 300 });
    expect(printFileSize("womens-tee")).toEqual({ widthPx: 3150, heightPx: 4200, dpi: 300 });
    expect(printFileSize("hoodie")).toEqual({ widthPx: 3600, heightPx: 3900, dpi: 300 });
  });

  it("places the artwork in the print file by the same shares as on the drawing", () => {
    const placement = { x: 0.25, y: 0.5, scale: 0.5 };
    const canvas = { x: 0, y: 0, width: 3600, height: 4800 };
    expect(placeArtworkInArea("tee", 1, placement, canvas)).toEqual({ x: 900, y: 2400, width: 1800, height: 1800 });
    // The drawing's box at 1000 units is the same shares of the print area.
    const onDrawing = placeArtwork("tee", 1, placement, 1000);
    expect(onDrawing).toEqual({ x: 360 + 70, y: Math.round(246 + 0.5 * 373), width: 140, height: 140 });
    // Clamped first, like on the drawing: the box never leaves the canvas.
    const clamped = placeArtworkInArea("tee", 2, { x: 1, y: 1, scale: 1 }, canvas);
    expect(clamped.x + clamped.width).toBeLessThanOrEqual(3600);
    expect(clamped.y + clamped.height).toBeLessThanOrEqual(4800);
  });
});

describe("pricing", () => {
  it("pays the artist their share of the margin, rounded half-up once", () => {
    expect(artistEarningsPerSale(2600, 1000)).toBe(1280);
    expect(artistEarningsPerSale(2001, 1000)).toBe(801);
    expect(artistEarningsPerSale(2003, 1000)).toBe(802);
    expect(artistEarningsPerSale(1000, 1000)).toBe(0);
    expect(artistEarningsPerSale(900, 1000)).toBe(0);
  });

  it("asks for at least $2.00 above the base cost and at most $200.00", () => {
    expect(priceProblem(1199, 1000)).toBe(PRICING_MESSAGES.belowMinimum);
    expect(priceProblem(1200, 1000)).toBeUndefined();
    expect(priceProblem(20_000, 1000)).toBeUndefined();
    expect(priceProblem(20_001, 1000)).toBe(PRICING_MESSAGES.aboveMaximum);
  });
});

describe("details", () => {
  const valid = { title: "Moth Lamp", description: "", tags: ["moth"] };

  it("normalises tags and refuses duplicates after normalising", () => {
    expect(designDetailsSchema.parse({ ...valid, tags: ["  Night   Moth "] }).tags).toEqual(["night moth"]);
    expect(messagesOf(designDetailsSchema.safeParse({ ...valid, tags: ["Moth", "moth "] }))).toContain(
      DESIGN_DETAIL_MESSAGES.tagDuplicate,
    );
  });

  it("says what is wrong with a title or a tag", () => {
    expect(messagesOf(designDetailsSchema.safeParse({ ...valid, title: "ab" }))).toContain(
      DESIGN_DETAIL_MESSAGES.titleTooShort,
    );
    expect(messagesOf(designDetailsSchema.safeParse({ ...valid, title: "x".repeat(81) }))).toContain(
      DESIGN_DETAIL_MESSAGES.titleTooLong,
    );
    expect(messagesOf(designDetailsSchema.safeParse({ ...valid, tags: ["a"] }))).toContain(
      DESIGN_DETAIL_MESSAGES.tagLength,
    );
    expect(messagesOf(designDetailsSchema.safeParse({ ...valid, tags: ["c++"] }))).toContain(
      DESIGN_DETAIL_MESSAGES.tagCharacters,
    );
    expect(messagesOf(designDetailsSchema.safeParse({ ...valid, tags: [] }))).toContain(
      DESIGN_DETAIL_MESSAGES.tagsRequired,
    );
  });
});

describe("storefront username", () => {
  const body = (uniqueUsername: string, acceptTerms: unknown = true) => ({
    sellerProfile: { displayName: "Maya", uniqueUsername, acceptTerms },
  });

  it("takes 5-20 letters, digits, _ or -, stored in lower case", () => {
    expect(openStorefrontBodySchema.parse(body("Moth_Lamp-7")).sellerProfile.uniqueUsername).toBe("moth_lamp-7");
    for (const bad of ["abcd", "a".repeat(21), "moth.lamp", "moth lamp", "möthlamp"]) {
      expect(messagesOf(openStorefrontBodySchema.safeParse(body(bad))), bad).toContain(
        STOREFRONT_MESSAGES.usernameFormat,
      );
    }
  });

  it("requires agreeing to the terms", () => {
    expect(messagesOf(openStorefrontBodySchema.safeParse(body("mothlamp", false)))).toContain(
      STOREFRONT_MESSAGES.termsRequired,
    );
  });
});
