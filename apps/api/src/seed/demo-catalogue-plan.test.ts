import { PRODUCT_COLORS } from "@threadfolk/contract/colors";
import { HOME_PREVIEW_SIZE } from "@threadfolk/contract/discovery";
import { describe, expect, it } from "vitest";
import { ARTWORK_FAMILIES } from "./artwork/families.ts";
import { DEMO_ARTIST_UNIQUE_USERNAME } from "./demo-accounts.ts";
import { DEFAULT_DEMO_DESIGNS, type PlannedDesign, planDemoCatalogue } from "./demo-catalogue-plan.ts";

const now = new Date("2026-03-01T12:00:00Z");
const plan = planDemoCatalogue({ now });

describe("planDemoCatalogue", () => {
  it("is deterministic for a seed and changes with the seed", () => {
    expect(planDemoCatalogue({ now })).toEqual(plan);
    const other = planDemoCatalogue({ now, seed: "another" });
    expect(other.designs[0]?.id).not.toBe(plan.designs[0]?.id);
  });

  it("has the default counts: at least 30 artists and 400 designs", () => {
    expect(plan.artists.length).toBeGreaterThanOrEqual(30);
    expect(plan.designs.length).toBe(DEFAULT_DEMO_DESIGNS);
    expect(plan.designs.length).toBeGreaterThanOrEqual(400);
    expect(new Set(plan.artists.map((artist) => artist.uniqueUsername)).size).toBe(plan.artists.length);
    expect(plan.artists.map((artist) => artist.uniqueUsername)).toContain(DEMO_ARTIST_UNIQUE_USERNAME);
  });

  it("draws with every artwork family and gives each design a unique title", () => {
    expect(new Set(plan.designs.map((design) => design.artwork.family))).toEqual(new Set(ARTWORK_FAMILIES));
    expect(new Set(plan.designs.map((design) => design.displayName)).size).toBe(plan.designs.length);
  });

  it("gives every design 2 to 4 variants, exactly one default, priced $19.99 to $34.99", () => {
    for (const design of plan.designs) {
      expect(design.variants.length).toBeGreaterThanOrEqual(2);
      expect(design.variants.length).toBeLessThanOrEqual(4);
      expect(design.variants.filter((variant) => variant.isDefault)).toHaveLength(1);
      expect(new Set(design.variants.map((variant) => variant.garmentStyleKey)).size).toBe(design.variants.length);
      for (const variant of design.variants) {
        expect(variant.priceCents).toBeGreaterThanOrEqual(1999);
        expect(variant.priceCents).toBeLessThanOrEqual(3499);
      }
      expect(PRODUCT_COLORS).toContain(design.defaultColor);
      expect(design.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(design.tags.length).toBeGreaterThan(2);
      expect(design.publishedAt.getTime()).toBeLessThan(now.getTime());
    }
  });

  it("fills every curated home collection with at least 24 active designs", () => {
    const active = new Set(plan.designs.filter((design) => design.status === "active").map((design) => design.id));
    for (const key of ["blk_history25", "anime", "funny", "nerdery", "picks"] as const) {
      const items = plan.curated[key] ?? [];
      expect(items.length, key).toBeGreaterThanOrEqual(24);
      expect(items.every((id) => active.has(id))).toBe(true);
    }
  });

  it("spreads popularity and publication dates so popular and recent have an order", () => {
    const orders = new Set(plan.designs.map((design) => design.orderCount30d));
    expect(orders.size).toBeGreaterThan(30);
    const days = new Set(
      plan.designs.map((design) => Math.floor((now.getTime() - design.publishedAt.getTime()) / 86_400_000)),
    );
    expect(days.size).toBeGreaterThan(60);
  });

  it("plans a carousel linking into the site and a sale that is running", () => {
    expect(plan.slides.length).toBeGreaterThanOrEqual(3);
    for (const slide of plan.slides) expect(slide.clickDestinationUrl.startsWith("/")).toBe(true);
    expect(plan.slides.map((slide) => slide.clickDestinationUrl)).toEqual(
      expect.arrayContaining([
        "/results?home-collection=anime&page=1",
        "/seller-program",
        expect.stringMatching(/^\/artist\/mayaokafor\/[0-9a-f-]{36}$/),
      ]),
    );
    expect(plan.sale.startsAt.getTime()).toBeLessThan(now.getTime());
    expect(plan.sale.endsAt.getTime()).toBeGreaterThan(now.getTime() + 3 * 86_400_000);
    expect(plan.sale.designs.length).toBeGreaterThan(24);
  });

  it("never shows one slogan twice in a home section (curated, picks, popular, recent)", () => {
    const active = plan.designs.filter((design) => design.status === "active");
    const byId = new Map(active.map((design) => [design.id, design]));
    const newest = (a: PlannedDesign, b: PlannedDesign) =>
      b.publishedAt.getTime() - a.publishedAt.getTime() || (a.id < b.id ? -1 : 1);
    const sections: Record<string, PlannedDesign[]> = {
      popular: [...active].sort(
        (a, b) => b.orderCount30d - a.orderCount30d || b.favoriteCount - a.favoriteCount || newest(a, b),
      ),
      recent: [...active].sort(newest),
    };
    for (const key of ["blk_history25", "anime", "funny", "nerdery", "picks"] as const) {
      sections[key] = (plan.curated[key] ?? []).map((id) => byId.get(id) as PlannedDesign);
    }
    for (const [key, designs] of Object.entries(sections)) {
      const slogans = designs.slice(0, HOME_PREVIEW_SIZE).map((design) => design.slogan);
      expect(new Set(slogans).size, `${key}: ${slogans.join(" / ")}`).toBe(HOME_PREVIEW_SIZE);
    }
  });

  it("gives each slogan to one artist, and each artist a few palettes of their own", () => {
    const owners = new Map<string, Set<string>>();
    const palettes = new Map<string, Set<string>>();
    for (const design of plan.designs) {
      owners.set(design.slogan, (owners.get(design.slogan) ?? new Set()).add(design.sellerProfileId));
      palettes.set(
        design.sellerProfileId,
        (palettes.get(design.sellerProfileId) ?? new Set()).add(design.artwork.palette.name),
      );
    }
    for (const [slogan, artists] of owners) expect(artists.size, slogan).toBe(1);
    for (const used of palettes.values()) expect(used.size).toBeLessThanOrEqual(2);
    expect(new Set(plan.designs.map((design) => design.slogan)).size).toBeGreaterThan(100);
  });
});
