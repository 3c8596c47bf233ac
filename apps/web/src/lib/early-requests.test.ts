import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** The early-requests script (apps/web/public) must ask for exactly the URLs the catalogue fetchers fetch. */
type EarlyRequestUrls = (pathname: string, search: string) => string[];

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../public/early-requests.js");

function loadScript(): EarlyRequestUrls {
  // Without a document the script only exposes its function (that is how it is meant to be tested).
  new Function(fs.readFileSync(SCRIPT, "utf8"))();
  return (globalThis as unknown as { earlyRequestUrls: EarlyRequestUrls }).earlyRequestUrls;
}

let fetched: string[];

beforeEach(() => {
  vi.resetModules();
  fetched = [];
  const storage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
  vi.stubGlobal("window", {
    localStorage: storage,
    sessionStorage: storage,
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => true,
    location: { origin: "http://shop.test" },
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response("{}", { status: 200 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("early-requests.js", () => {
  it("matches the fetchers of the home, results, design and artist pages", async () => {
    const earlyRequestUrls = loadScript();
    const { getHomeCollections } = await import("../features/catalogue/api/get-home-collections.ts");
    const { getCarousel } = await import("../features/catalogue/api/get-carousel.ts");
    const { getMarketplaceSale } = await import("../features/catalogue/api/get-marketplace-sale.ts");
    const { searchDesigns } = await import("../features/catalogue/api/search-designs.ts");
    const { getCollectionDesigns } = await import("../features/catalogue/api/get-collection-designs.ts");
    const { getArtist } = await import("../features/catalogue/api/get-artist.ts");
    const { getDesign } = await import("../features/catalogue/api/get-design.ts");

    await Promise.all([getHomeCollections(), getCarousel("front_page"), getMarketplaceSale()]);
    expect(earlyRequestUrls("/", "")).toEqual(fetched);

    const cases: Array<[string, string, () => Promise<unknown>]> = [
      ["/results", "?query=%20war%20hammer%20&page=2", () => searchDesigns({ query: " war hammer ", page: 2 })],
      [
        "/results",
        "?query=caf%C3%A9+%26+co&page=1&sort=price_asc",
        () => searchDesigns({ query: "café & co", page: 1, sort: "price_asc" }),
      ],
      [
        "/results",
        "?home-collection=blk_history25&page=3",
        () => getCollectionDesigns({ nameKey: "blk_history25", page: 3 }),
      ],
      [
        "/design/1b4e28ba-2fa1-41d2-883f-0016d3cca427/katana-kitty/navy",
        "",
        () => getDesign("1b4e28ba-2fa1-41d2-883f-0016d3cca427").catch(() => undefined),
      ],
      [
        "/artist/hanadoodles/b361a893-000a-4dc3-83ba-e36b45ac435d",
        "?page=2",
        () => getArtist({ artistKey: "b361a893-000a-4dc3-83ba-e36b45ac435d", page: 2 }),
      ],
      [
        "/artist/hanadoodles/b361a893-000a-4dc3-83ba-e36b45ac435d",
        "",
        () => getArtist({ artistKey: "b361a893-000a-4dc3-83ba-e36b45ac435d", page: 1 }),
      ],
    ];
    for (const [pathname, search, fetchPage] of cases) {
      fetched = [];
      await fetchPage();
      expect(earlyRequestUrls(pathname, search), `${pathname}${search}`).toEqual(fetched);
    }
  });

  it("asks for nothing where a page would not fetch (bad page numbers, unknown collections, other pages)", () => {
    const earlyRequestUrls = loadScript();
    expect(earlyRequestUrls("/results", "?query=cats&page=0")).toEqual([]);
    expect(earlyRequestUrls("/results", "?home-collection=nope&page=1")).toEqual([]);
    expect(earlyRequestUrls("/about", "")).toEqual([]);
    expect(earlyRequestUrls("/my-profile/orders", "")).toEqual([]);
  });
});
