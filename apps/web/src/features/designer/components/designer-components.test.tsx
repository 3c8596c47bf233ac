import { PRODUCT_COLORS } from "@threadfolk/contract/colors";
import { DESIGN_DETAIL_MESSAGES, PRICING_MESSAGES } from "@threadfolk/contract/studio";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { GarmentStyle } from "../api/types.ts";
import { editorHandOverOf } from "../navigation-state.ts";
import { tagProblem } from "./details-step.tsx";
import { changedParts } from "./product-editor.tsx";
import { ProductsStep, parseDollars } from "./products-step.tsx";
import { StepIndicator } from "./step-indicator.tsx";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

const tee: GarmentStyle = {
  id: "mens_tee",
  type: "garmentStyle",
  attributes: {
    key: "mens_tee",
    displayName: "T-Shirt",
    fit: "Men",
    baseCostCents: 1050,
    colors: [...PRODUCT_COLORS],
    garment: "tee",
    position: 0,
  },
};
const womensTee: GarmentStyle = {
  ...tee,
  id: "womens_tee",
  attributes: { ...tee.attributes, key: "womens_tee", fit: "Women", garment: "womens-tee", baseCostCents: 1150 },
};

describe("StepIndicator", () => {
  it("numbers the six steps, marks the current one and offers reached steps as buttons", () => {
    const html = renderToStaticMarkup(
      <StepIndicator current="colors" isReachable={(step) => step !== "publish"} onSelect={() => {}} />,
    );
    expect(text(html)).toContain("✓ Artwork ✓ Placement 3 Colours 4 Products 5 Details 6 Publish");
    expect(html).toMatch(/aria-current="step"[^>]*>.*Colours/);
    expect(html.match(/<button/g)).toHaveLength(4);
  });
});

describe("ProductsStep", () => {
  it("shows each offered style's base cost, margin and earnings, and the minimum margin's message", () => {
    const html = renderToStaticMarkup(
      <ProductsStep
        styles={[tee, womensTee]}
        products={[{ garmentStyleKey: "mens_tee", priceCents: 1200 }]}
        defaultStyleKey="mens_tee"
        onProducts={() => {}}
        onDefaultStyle={() => {}}
      />,
    );
    const shown = text(html);
    expect(shown).toContain("Men's T-Shirt Men fit · base cost $10.50");
    expect(shown).toContain("Women's T-Shirt");
    expect(shown).toContain("Base cost $10.50 Your margin $1.50");
    expect(shown).toContain("You earn $1.20 per sale");
    expect(shown).toContain(PRICING_MESSAGES.belowMinimum.replace("'", "'"));
    // Only the offered style has a price field.
    expect(html.match(/inputMode="decimal"/gi)).toHaveLength(1);
  });

  it("reads prices typed in dollars", () => {
    expect(parseDollars("24.99")).toBe(2499);
    expect(parseDollars("$1,024.5")).toBe(102450);
    expect(parseDollars("24.999")).toBeUndefined();
    expect(parseDollars("abc")).toBeUndefined();
  });
});

describe("tagProblem", () => {
  it("checks a new tag as the contract does", () => {
    expect(tagProblem("a", [])).toBe(DESIGN_DETAIL_MESSAGES.tagLength);
    expect(tagProblem("cats!", [])).toBe(DESIGN_DETAIL_MESSAGES.tagCharacters);
    expect(tagProblem(" Space  Cats ", ["space cats"])).toBe(DESIGN_DETAIL_MESSAGES.tagDuplicate);
    expect(
      tagProblem(
        "new",
        Array.from({ length: 15 }, (_, index) => `tag${index}`),
      ),
    ).toBe(DESIGN_DETAIL_MESSAGES.tooManyTags);
    expect(tagProblem("space cats", [])).toBeUndefined();
  });
});

describe("the editor's hand-over and saves", () => {
  it("sends only what a step changed", () => {
    expect(changedParts({ title: "A", tags: ["x"] }, { title: "A", tags: ["y"] })).toEqual({ tags: ["x"] });
    expect(
      changedParts(
        { placements: { tee: { x: 0, y: 0, scale: 1 } } },
        { placements: { tee: { x: 0, y: 0, scale: 1 } } },
      ),
    ).toEqual({});
  });

  it("takes My Designs' entry for its name and a full design for everything", () => {
    const uuid = "4f0c2a6e-1111-4a51-9d6e-2f7f3f0c9a10";
    const entry = {
      design: { id: uuid, type: "sellerDesign", attributes: { displayName: "Moth", imageUrl: "/m.webp" } },
    };
    expect(editorHandOverOf(entry, uuid)).toEqual({ displayName: "Moth", imageUrl: "/m.webp", design: undefined });
    const full = {
      design: {
        id: uuid,
        type: "sellerDesign",
        attributes: { displayName: "Moth", products: [], artwork: { url: "/a" } },
      },
    };
    expect(editorHandOverOf(full, uuid).design).toBe(full.design);
    expect(editorHandOverOf(entry, "another").displayName).toBeUndefined();
    expect(editorHandOverOf("junk", uuid).design).toBeUndefined();
  });
});
