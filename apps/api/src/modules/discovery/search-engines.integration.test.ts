import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildCollectionItem, buildDesign, buildSale } from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { designs } from "../../db/schema/index.ts";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { CRAWLABLE_API_PATHS } from "./sitemap-routes.ts";

/**
 * The site as search engines and link previews read it: structured data and Open Graph prices on design pages,
 * compressed HTML, entity tags and 304s on catalogue reads, robots.txt, noindex on private pages, 404s without a
 * canonical URL.
 */

let server: TestServer;
let webDir: string;

beforeAll(async () => {
  // A built web app of a realistic size (over the compression threshold), so pages are served with their head.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), "tf-web-seo-"));
  fs.writeFileSync(
    path.join(webDir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--><link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"></div><noscript>${"Designs by independent artists. ".repeat(60)}</noscript></body></html>`,
  );
  server = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "30", WEB_DIST_DIR: webDir } });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** Every JSON-LD block of a page, parsed. */
function structuredDataOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "") as Record<string, unknown>,
  );
}

/** The content of `<meta property=…>` (or name=…) in a page, undefined when absent. */
function metaContent(html: string, attribute: "property" | "name", key: string): string | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`<meta ${attribute}="${escaped}" content="([^"]*)">`).exec(html)?.[1];
}

/** An attribute value as the browser reads it (the server escapes these five characters). */
function unescapeHtml(value: string | undefined): string | undefined {
  return value
    ?.replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/**
 * Google's rules for a Product rich result and a merchant listing, as far as this page promises them: a name,
 * at least one absolute image, and an Offer with a price (a number, in a string, with a dot for decimals), an
 * ISO 4217 currency and a schema.org availability; a brand when one is named.
 */
function expectGoogleProduct(product: Record<string, unknown>) {
  expect(product["@context"]).toBe("https://schema.org");
  expect(product["@type"]).toBe("Product");
  expect(typeof product.name).toBe("string");
  expect((product.name as string).length).toBeGreaterThan(0);
  const images = Array.isArray(product.image) ? product.image : [product.image];
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) expect(new URL(image as string).protocol).toMatch(/^https?:$/);
  const offers = product.offers as Record<string, unknown>;
  expect(offers["@type"]).toBe("Offer");
  expect(String(offers.price)).toMatch(/^\d+(\.\d{1,2})?$/);
  expect(Number(offers.price)).toBeGreaterThan(0);
  expect(offers.priceCurrency).toMatch(/^[A-Z]{3}$/);
  expect(offers.availability).toMatch(
    /^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|BackOrder|MadeToOrder|LimitedAvailability)$/,
  );
}

describe("design pages for search engines and link previews", () => {
  it("carry a schema.org Product with its Offer, and Open Graph price tags, as the page shows them", async () => {
    const artist = await buildArtist(server.database.db, { displayName: "Ada Okafor" });
    const { design } = await buildDesign(server.database.db, {
      artist,
      displayName: "Moth </script><b>Lamp</b>",
      defaultColor: "navy",
      priceCents: 2499,
    });
    const page = await server.request(`/design/${design.id}/old-slug/navy`);
    expect(page.status).toBe(200);
    // Nothing in a value can end the data block early.
    expect(page.text).not.toContain("</script><b>");
    const blocks = structuredDataOf(page.text);
    expect(blocks).toHaveLength(1);
    const [product] = blocks as [Record<string, unknown>];
    expectGoogleProduct(product);
    const canonical = `http://localhost:3000/design/${design.id}/${design.slug}/navy`;
    expect(product).toMatchObject({
      name: "Moth </script><b>Lamp</b>",
      brand: { "@type": "Brand", name: "Ada Okafor" },
      url: canonical,
      offers: { price: "24.99", priceCurrency: "USD", availability: "https://schema.org/InStock", url: canonical },
    });
    expect(product.description).toBe(unescapeHtml(metaContent(page.text, "name", "description")));
    expect((product.image as string[])[0]).toBe(unescapeHtml(metaContent(page.text, "property", "og:image")));
    expect(metaContent(page.text, "property", "og:type")).toBe("product");
    expect(metaContent(page.text, "property", "product:price:amount")).toBe("24.99");
    expect(metaContent(page.text, "property", "product:price:currency")).toBe("USD");
    expect(page.text).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(page.text).not.toContain('name="robots"');
  });

  it("offer the sale price while a sale runs", async () => {
    const { design } = await buildDesign(server.database.db, { priceCents: 3000 });
    await buildSale(server.database.db, { designs: [{ design, salePriceCents: 1999 }] });
    const page = await server.request(`/design/${design.id}/${design.slug}/black`);
    const [product] = structuredDataOf(page.text) as [Record<string, unknown>];
    expectGoogleProduct(product);
    expect((product.offers as Record<string, unknown>).price).toBe("19.99");
    expect(metaContent(page.text, "property", "product:price:amount")).toBe("19.99");
  });

  it("leave structured data and prices off other pages", async () => {
    const artist = await buildArtist(server.database.db);
    for (const pathname of ["/", "/faq", `/artist/${artist.uniqueUsername}/${artist.id}`]) {
      const page = await server.request(pathname);
      expect(page.status, pathname).toBe(200);
      expect(structuredDataOf(page.text), pathname).toEqual([]);
      expect(page.text, pathname).not.toContain("product:price");
    }
  });
});

describe("private pages and 404s", () => {
  it("tells search engines not to index the cart, checkout, profile and token pages", async () => {
    for (const pathname of [
      "/shopping-cart",
      "/order-shipping-details",
      "/order-payment-details",
      "/my-profile/orders",
      "/my-profile/orders/TF-1234",
      "/my-profile/favorites",
      "/my-profile/my-designs",
      "/seller-profile",
      "/orders/TF-1234?token=abc",
      "/reset-password/some-token",
    ]) {
      const page = await server.request(pathname);
      expect(page.status, pathname).toBe(200);
      expect(page.headers.get("x-robots-tag"), pathname).toBe("noindex");
      expect(metaContent(page.text, "name", "robots"), pathname).toBe("noindex");
      expect(page.text, pathname).not.toContain('rel="canonical"');
    }
    for (const pathname of ["/", "/results?query=cats&page=1", "/about"]) {
      const page = await server.request(pathname);
      expect(page.headers.get("x-robots-tag"), pathname).toBeNull();
      expect(page.text, pathname).not.toContain('name="robots"');
      expect(page.text, pathname).toContain('rel="canonical"');
    }
  });

  it("answers 404 pages without a canonical URL to themselves", async () => {
    for (const pathname of ["/no-such-page", `/design/${crypto.randomUUID()}/gone/black`]) {
      const page = await server.request(pathname);
      expect(page.status, pathname).toBe(404);
      expect(page.text, pathname).toContain("Page not found");
      expect(page.text, pathname).not.toContain('rel="canonical"');
      expect(page.text, pathname).not.toContain('property="og:url"');
      expect(metaContent(page.text, "name", "robots"), pathname).toBe("noindex");
    }
  });
});

describe("robots.txt", () => {
  /** The verdict of RFC 9309 for one path: the longest matching rule wins, Allow on a tie. */
  function isAllowed(robots: string, pathname: string): boolean {
    let best: { length: number; allow: boolean } = { length: -1, allow: true };
    for (const line of robots.split("\n")) {
      const match = /^(Allow|Disallow):\s*(\S*)$/.exec(line.trim());
      if (!match?.[2] || !pathname.startsWith(match[2])) continue;
      const rule = { length: match[2].length, allow: match[1] === "Allow" };
      if (rule.length > best.length || (rule.length === best.length && rule.allow)) best = rule;
    }
    return best.allow;
  }

  it("lets crawlers fetch pages, media and the catalogue reads pages render from, and keeps private APIs out", async () => {
    const { design, artist } = await buildDesign(server.database.db);
    const robots = (await server.request("/robots.txt")).text;
    const open = [
      "/",
      `/design/${design.id}/${design.slug}/black`,
      `/artist/${artist.uniqueUsername}/${artist.id}`,
      "/results?query=cats",
      "/assets/index-abc.js",
      `/media/designs/${design.id}/watermarked/tee-black-640.webp?exp=1&sig=x`,
      "/api/v1/internal_design_collections",
      "/api/v1/internal_design_collections/anime?page=2",
      `/api/v1/designs/${design.id}`,
      `/api/v1/designs/${design.id}/images/womens-tee`,
      `/api/v1/artists/${artist.uniqueUsername}`,
      "/api/v1/carousels?location_code=front_page",
      "/api/v1/marketplace_sales",
      // Crawlable, so that their noindex is seen.
      "/shopping-cart",
      "/my-profile/orders",
    ];
    for (const pathname of open) expect(isAllowed(robots, pathname), pathname).toBe(true);
    for (const pathname of [
      "/api/v1/cart",
      "/api/v1/users/me",
      "/api/v1/orders",
      "/api/v1/uploads",
      "/oauth/token",
      "/paypal-sandbox/checkoutnow",
    ]) {
      expect(isAllowed(robots, pathname), pathname).toBe(false);
    }
    // Each open API path is one the server answers for a guest.
    for (const prefix of CRAWLABLE_API_PATHS) {
      const probe = prefix.endsWith("/")
        ? `${prefix}${prefix.includes("artists") ? artist.id : design.id}`
        : prefix === "/api/v1/carousels"
          ? `${prefix}?location_code=front_page`
          : prefix;
      expect([200, 404], probe).toContain((await server.request(probe)).status);
    }
  });
});

describe("compressed HTML", () => {
  it("answers pages in brotli or gzip as Accept-Encoding asks, and plainly otherwise", async () => {
    const { design } = await buildDesign(server.database.db);
    for (const pathname of ["/", `/design/${design.id}/${design.slug}/black`, "/shopping-cart", "/no-such-page"]) {
      const plain = await fetch(`${server.url}${pathname}`, { headers: { "accept-encoding": "identity" } });
      expect(plain.headers.get("content-encoding"), pathname).toBeNull();
      const text = await plain.text();
      expect(text.length).toBeGreaterThan(1024);
      for (const [accept, coding] of [
        ["gzip, deflate, br", "br"],
        ["gzip", "gzip"],
        ["br;q=0, gzip", "gzip"],
      ] as const) {
        const response = await fetch(`${server.url}${pathname}`, { headers: { "accept-encoding": accept } });
        expect(response.headers.get("content-encoding"), `${pathname} ${accept}`).toBe(coding);
        expect(response.headers.get("vary")).toContain("Accept-Encoding");
        // fetch decodes the body: the same page as the plain one.
        expect(await response.text()).toBe(text);
      }
    }
  });
});

describe("entity tags on catalogue reads", () => {
  /** Asks once, then again with the tag it got: 304 with no body, and 200 for another tag. */
  async function expectRevalidation(pathname: string) {
    const first = await fetch(`${server.url}${pathname}`, { headers: { "accept-encoding": "br" } });
    expect(first.status, pathname).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag, pathname).toMatch(/^(W\/)?"[^"]+"$/);
    await first.arrayBuffer();
    const again = await fetch(`${server.url}${pathname}`, {
      headers: { "if-none-match": etag as string, "accept-encoding": "br" },
    });
    expect(again.status, pathname).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    // A client holding another version, or several including this one.
    const other = await fetch(`${server.url}${pathname}`, { headers: { "if-none-match": 'W/"other"' } });
    expect(other.status, pathname).toBe(200);
    expect((await other.text()).length).toBeGreaterThan(0);
    const listed = await fetch(`${server.url}${pathname}`, { headers: { "if-none-match": `"x", ${etag}` } });
    expect(listed.status, pathname).toBe(304);
    return etag as string;
  }

  it("answers 304 for the home page, search results, design pages, artist storefronts and collections", async () => {
    const artist = await buildArtist(server.database.db);
    const { design } = await buildDesign(server.database.db, {
      artist,
      displayName: "Etag Tiger",
      garmentStyleKeys: ["womens_tee", "mens_tee"],
    });
    await buildCollectionItem(server.database.db, { collectionKey: "anime", design, position: 1 });
    for (const pathname of [
      "/",
      `/design/${design.id}/${design.slug}/black`,
      `/artist/${artist.uniqueUsername}/${artist.id}`,
      "/api/v1/internal_design_collections",
      "/api/v1/internal_design_collections?query=tiger&page=1",
      "/api/v1/internal_design_collections/anime",
      `/api/v1/designs/${design.id}`,
      `/api/v1/designs/${design.id}/images/tee`,
      `/api/v1/artists/${artist.uniqueUsername}`,
    ]) {
      await expectRevalidation(pathname);
    }
  });

  it("keeps the home reply's tag while only its event id changes", async () => {
    const first = await server.request("/api/v1/internal_design_collections");
    const second = await server.request("/api/v1/internal_design_collections");
    expect(first.body.event_id).not.toBe(second.body.event_id);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
  });

  it("changes a design page's tag when the design changes", async () => {
    const { design } = await buildDesign(server.database.db, { displayName: "Before" });
    const before = await server.request(`/api/v1/designs/${design.id}`);
    await server.database.db.update(designs).set({ displayName: "After" }).where(eq(designs.id, design.id));
    // What the catalogue's write paths do after a change (the factory writes the row directly).
    bumpCatalogueGeneration();
    const after = await server.request(`/api/v1/designs/${design.id}`, {
      headers: { "if-none-match": before.headers.get("etag") as string },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });
});
