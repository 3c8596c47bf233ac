import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HtmlValidate } from "html-validate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildDesign } from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { DEFAULT_WEB_DIST_DIR } from "../../lib/paths.ts";

/**
 * A design page's served HTML as validators outside this team read it (issue 26, decision 065): the web app's own
 * index.html with the head the server writes for a design (title, description, canonical, Open Graph with
 * `product:price:*`, JSON-LD Product/Offer) is valid HTML by html-validate's standard rules, and its JSON-LD
 * is a schema.org Product whose Offer has what Google's merchant listings need.
 */

let server: TestServer;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), "tf-web-html-"));
  // The web app's source index.html (the build only adds its scripts and stylesheet), so that no build is needed.
  fs.copyFileSync(path.resolve(DEFAULT_WEB_DIST_DIR, "../index.html"), path.join(webDir, "index.html"));
  server = await getTestServer({ env: { WEB_DIST_DIR: webDir } });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

// `standard`: the recommended rules without the stylistic ones (the source index.html is written as the
// formatter writes it: a lower-case doctype, self-closed void elements).
const validator = new HtmlValidate({ extends: ["html-validate:standard"] });

async function htmlProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html, "design-page.html");
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId} ${message.message}`),
  );
}

describe("a design page's served HTML", () => {
  it("is valid HTML with its head tags, and its JSON-LD is a schema.org Product with an Offer", async () => {
    const artist = await buildArtist(server.database.db, { displayName: "Ada & Okafor" });
    const { design } = await buildDesign(server.database.db, {
      artist,
      displayName: 'Moth "Lamp" </script> & co',
      defaultColor: "navy",
      priceCents: 2499,
    });
    const page = await server.request(`/design/${design.id}/${design.slug}/navy`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<script type="application/ld+json">');
    expect(page.text).toContain('property="product:price:amount"');
    expect(await htmlProblems(page.text)).toEqual([]);

    const blocks = [...page.text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const product = JSON.parse(blocks[0]?.[1] ?? "") as Record<string, unknown>;
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: 'Moth "Lamp" </script> & co',
      brand: { "@type": "Brand", name: "Ada & Okafor" },
      offers: { "@type": "Offer", price: "24.99", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    const images = Array.isArray(product.image) ? product.image : [product.image];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(new URL(String(image)).protocol).toMatch(/^https?:$/);
  });

  it("would catch a broken head tag (the check is not empty)", async () => {
    const problems = await htmlProblems(
      '<!doctype html><html lang="en"><head><title>x</title><link rel="canonical"></head><body></body></html>',
    );
    expect(problems).toEqual([expect.stringContaining("element-required-attributes")]);
  });
});
