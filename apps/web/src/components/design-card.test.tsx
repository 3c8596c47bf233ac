import type { DesignCard as DesignCardData } from "@threadfolk/contract/discovery-constants";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { SelectionCover } from "../features/studio/components/selection-cover.tsx";
import { DesignCard } from "./design-card.tsx";

const CARD: DesignCardData = {
  id: "1",
  uuid: "0b9f3c62-3f0e-4c8e-9c43-4f9c2ad1a7b1",
  slug: "moon-cat",
  displayName: "Moon Cat",
  price: "$24.99",
  onSale: false,
  salesPrice: "$24.99",
  defaultColor: "black",
  watermarkedSignedUrls: { black: "/media/moon-cat-black.png" },
  artistName: "Inkwell",
  artistUuid: "8a0d1c39-5f5e-4f6b-9d7f-0d6f9a1b2c3d",
  artistUniqueUsername: "inkwell",
  sellerProfileId: "8a0d1c39-5f5e-4f6b-9d7f-0d6f9a1b2c3d",
  defaultSellerDesignProductVariantId: 7,
} as DesignCardData;

function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("DesignCard", () => {
  it("is a link to the design with a heart outside selection mode", () => {
    const html = render(<DesignCard card={CARD} isFavorite={false} />);
    expect(html).toContain('href="/design/0b9f3c62-3f0e-4c8e-9c43-4f9c2ad1a7b1/moon-cat/black"');
    expect(html).toContain('aria-label="Favorite Moon Cat"');
    expect(html).not.toContain("inert");
    expect(html).not.toContain("Select Moon Cat");
  });

  it("in selection mode is a toggle with an empty dot, and its links are inert (navigation blocked)", () => {
    const html = render(
      <DesignCard
        card={CARD}
        isFavorite={false}
        selection={{ overlay: <SelectionCover name="Moon Cat" isSelected={false} onToggle={() => {}} /> }}
      />,
    );
    expect(html).toMatch(/<button type="button" aria-pressed="false" aria-label="Select Moon Cat"/);
    expect(html.match(/inert=""/g)).toHaveLength(2);
    expect(html).toContain("rounded-full bg-neutral-400");
    expect(html).not.toContain("m5 10.5 3.2 3.2L15 7");
    // Only the check mark shows: no heart and no studio controls while selecting.
    expect(html).not.toContain("Favorite Moon Cat");
  });

  it("shows a filled check mark when selected", () => {
    const html = render(
      <DesignCard
        card={CARD}
        isFavorite={false}
        selection={{ overlay: <SelectionCover name="Moon Cat" isSelected onToggle={() => {}} /> }}
      />,
    );
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain("m5 10.5 3.2 3.2L15 7");
    expect(html).toContain("bg-brand text-white");
  });

  it("shows the studio's controls and badge instead of the heart", () => {
    const html = render(
      <DesignCard
        card={CARD}
        isFavorite={false}
        controls={<button type="button">Edit Moon Cat</button>}
        badge={<span>Live</span>}
      />,
    );
    expect(html).toContain("Edit Moon Cat");
    expect(html).toContain("<span>Live</span>");
    expect(html).not.toContain("Favorite Moon Cat");
  });
});
