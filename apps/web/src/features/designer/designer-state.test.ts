import { PRODUCT_COLORS } from "@threadfolk/contract/colors";
import { DESIGN_DETAIL_MESSAGES, defaultPlacement, PRICING_MESSAGES } from "@threadfolk/contract/studio";
import { describe, expect, it } from "vitest";
import type { DesignDraft, GarmentStyle, SellerDesign } from "./api/types.ts";
import {
  type DesignerState,
  defaultColorOf,
  detailProblems,
  firstIncompleteStep,
  garmentsOf,
  partsOfStep,
  stateOfDesign,
  stateOfDraft,
  stepProblems,
} from "./designer-state.ts";

function style(key: string, garment: GarmentStyle["attributes"]["garment"], baseCostCents: number): GarmentStyle {
  return {
    id: key,
    type: "garmentStyle",
    attributes: {
      key,
      displayName: key,
      fit: "Unisex",
      baseCostCents,
      colors: [...PRODUCT_COLORS],
      garment,
      position: 0,
    },
  };
}

const STYLES = [style("mens_tee", "tee", 1050), style("hoodie", "hoodie", 2450), style("long_sleeve", "tee", 1450)];
const ARTWORK = {
  uploadId: "u1",
  width: 4500,
  height: 5400,
  hasTransparency: true,
  opaqueBackground: false,
  url: "/a.png",
};
const COMPLETE: DesignerState = {
  artwork: ARTWORK,
  data: {
    artworkUploadId: "u1",
    offeredColors: ["white", "black"],
    defaultColor: "black",
    products: [{ garmentStyleKey: "mens_tee", priceCents: 2500 }],
    defaultGarmentStyleKey: "mens_tee",
    title: "Moth Lamp",
    description: "",
    tags: ["moth"],
  },
};

describe("stepProblems", () => {
  it("asks for the artwork first", () => {
    expect(stepProblems("artwork", { data: {}, artwork: undefined }, STYLES)).toEqual([
      DESIGN_DETAIL_MESSAGES.artworkRequired,
    ]);
    expect(stepProblems("artwork", COMPLETE, STYLES)).toEqual([]);
  });

  it("blocks a placement under 150 DPI on an offered garment only", () => {
    const small = { ...ARTWORK, width: 900, height: 1000 };
    // 900 px across 12 in is 75 DPI: blocked on the tee, which is offered.
    const blocked: DesignerState = { ...COMPLETE, artwork: small };
    expect(stepProblems("placement", blocked, STYLES)).toEqual([DESIGN_DETAIL_MESSAGES.resolutionBlocked]);
    // Made 5 in wide on every garment (180 DPI): fair, not blocked.
    const smaller: DesignerState = {
      artwork: small,
      data: {
        ...COMPLETE.data,
        placements: { tee: { x: 0, y: 0, scale: 5 / 12 }, hoodie: { x: 0, y: 0, scale: 5 / 12 } },
      },
    };
    expect(stepProblems("placement", smaller, STYLES)).toEqual([]);
  });

  it("needs a colour, a default among them, products priced above the minimum, and valid details", () => {
    expect(stepProblems("colors", { ...COMPLETE, data: { offeredColors: [] } }, STYLES)).toEqual([
      DESIGN_DETAIL_MESSAGES.colorsRequired,
    ]);
    expect(stepProblems("products", { ...COMPLETE, data: {} }, STYLES)).toEqual([
      DESIGN_DETAIL_MESSAGES.productsRequired,
    ]);
    const cheap = { ...COMPLETE, data: { products: [{ garmentStyleKey: "hoodie", priceCents: 2500 }] } };
    expect(stepProblems("products", cheap, STYLES)).toEqual([PRICING_MESSAGES.belowMinimum]);
    const details = detailProblems({ title: "ab", tags: ["moth", "moth"] });
    expect(details).toEqual({ title: DESIGN_DETAIL_MESSAGES.titleTooShort, tags: DESIGN_DETAIL_MESSAGES.tagDuplicate });
    expect(stepProblems("publish", COMPLETE, STYLES)).toEqual([]);
    expect(firstIncompleteStep({ ...COMPLETE, data: { ...COMPLETE.data, tags: [] } }, STYLES)).toBe("details");
  });
});

describe("partsOfStep", () => {
  it("saves each step's own parts, placements for every garment the styles use", () => {
    expect(garmentsOf(STYLES)).toEqual(["tee", "hoodie"]);
    expect(partsOfStep("artwork", COMPLETE, STYLES)).toEqual({ artworkUploadId: "u1" });
    const placements = partsOfStep("placement", COMPLETE, STYLES).placements;
    expect(Object.keys(placements ?? {})).toEqual(["tee", "hoodie"]);
    expect(placements?.hoodie).toEqual(defaultPlacement("hoodie", 4500 / 5400));
    expect(partsOfStep("colors", { ...COMPLETE, data: {} }, STYLES)).toEqual({
      offeredColors: [...PRODUCT_COLORS],
      defaultColor: "white",
    });
    expect(partsOfStep("details", COMPLETE, STYLES)).toEqual({ title: "Moth Lamp", description: "", tags: ["moth"] });
  });

  it("keeps the default colour among the offered ones", () => {
    expect(defaultColorOf({ offeredColors: ["navy", "red"], defaultColor: "white" })).toBe("navy");
  });
});

describe("stateOfDraft and stateOfDesign", () => {
  it("takes the draft's data and artwork checks", () => {
    const draft: DesignDraft = {
      id: "d1",
      type: "designDraft",
      attributes: {
        step: "colors",
        data: { artworkUploadId: "u1" },
        updatedAt: "",
        createdAt: "",
        artwork: {
          uploadId: "u1",
          width: 10,
          height: 20,
          hasTransparency: false,
          opaqueBackground: true,
          previewUrl: "/p",
        },
      },
    };
    expect(stateOfDraft(draft)).toEqual({
      data: { artworkUploadId: "u1" },
      artwork: { uploadId: "u1", width: 10, height: 20, hasTransparency: false, opaqueBackground: true, url: "/p" },
    });
  });

  it("edits only the offered products of a live design", () => {
    const design = {
      id: "x",
      type: "sellerDesign",
      attributes: {
        displayName: "Moth",
        description: "d",
        tags: ["moth"],
        defaultColor: "black",
        offeredColors: ["black"],
        placements: {},
        defaultGarmentStyleKey: "mens_tee",
        products: [
          { garmentStyleKey: "mens_tee", priceCents: 2500, offered: true },
          { garmentStyleKey: "hoodie", priceCents: 4000, offered: false },
        ],
        artwork: { width: 100, height: 200, url: "/art" },
      },
    } as unknown as SellerDesign;
    const state = stateOfDesign(design);
    expect(state.data.products).toEqual([{ garmentStyleKey: "mens_tee", priceCents: 2500 }]);
    expect(state.artwork).toMatchObject({ width: 100, height: 200, url: "/art" });
    expect(state.artwork?.uploadId).toBeUndefined();
  });
});
