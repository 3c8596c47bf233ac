import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { buildPaidOrder } from "../../../test/factories/paid-orders.ts";
import { buildPlacedOrder } from "../../../test/factories/placed-orders.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { artworkKey } from "../media/media-keys.ts";
import { renderInProcess } from "../media/media-renderer.ts";
import { renderSampleArtwork } from "../media/sample-artwork.ts";
import { PURCHASE_PICTURE_WIDTH, purchasePictureKey, purchasePictureUrl } from "./purchase-pictures.ts";

/**
 * The e-mail picture of a bought line (issue 27, deliverable 5; decision 067): public, permanent, immutable,
 * the shopper's own purchase without a watermark, drawn on first request when the order's job has not yet.
 */

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server?.close();
});

async function paidLine() {
  const db = server.database.db;
  const { design, defaultVariant } = await buildDesign(db, {
    garmentStyleKeys: ["hoodie"],
    placements: { hoodie: { x: 0.1, y: 0.05, scale: 0.8 } },
  });
  const artwork = await renderSampleArtwork("MINE", 600);
  await server.context.storage.put(artworkKey(design.id), artwork, "image/png");
  const { lines } = await buildPaidOrder(db, { lines: [{ variant: defaultVariant, color: "military_green" }] });
  return { line: lines[0] as (typeof lines)[number], artwork };
}

function pathOf(url: string): string {
  return new URL(url).pathname;
}

describe("GET /media/purchases/{line uuid}.jpg", () => {
  it("draws the purchase on first request, without a session, and serves it as immutable from then on", async () => {
    const { line, artwork } = await paidLine();
    const url = purchasePictureUrl(server.config, line.uuid);
    expect(url).toBe(`${server.config.PUBLIC_URL}/media/purchases/${line.uuid}.jpg`);
    const renders = server.context.heavyWork.renders;
    const before = renders.stats().tasks.render_mockup ?? 0;

    const first = await server.request(pathOf(url));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/jpeg");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    // Drawn in the media route's render process, and stored under its own key.
    expect(renders.stats().tasks.render_mockup).toBe(before + 1);
    const stored = await server.context.storage.get(purchasePictureKey(line.uuid));
    expect(stored).toBeDefined();

    // It is the line's own purchase: its design on the hoodie in military green at the artist's placement, the
    // plain mockup (no watermark), as JPEG.
    const expected = await renderInProcess.mockup({
      artwork,
      garment: "hoodie",
      color: "military_green",
      width: PURCHASE_PICTURE_WIDTH,
      variant: "mockups",
      brandName: server.config.BRAND_NAME,
      placement: { x: 0.1, y: 0.05, scale: 0.8 },
      format: "jpeg",
    });
    expect(stored?.body.equals(expected)).toBe(true);
    const response = await fetch(`${server.url}${pathOf(url)}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);

    // Again, in capitals, or revalidated: no new drawing.
    const again = await server.request(pathOf(url).toUpperCase().replace("/MEDIA/PURCHASES/", "/media/purchases/"));
    expect(again.status).toBe(200);
    expect(again.headers.get("etag")).toBe(etag);
    const revalidated = await server.request(pathOf(url), { headers: { "if-none-match": etag as string } });
    expect(revalidated.status).toBe(304);
    const head = await server.request(pathOf(url), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(renders.stats().tasks.render_mockup).toBe(before + 1);
  });

  it("answers 404 for a line nobody bought, and for a line of an order not paid", async () => {
    const unknown = await server.request(`/media/purchases/${crypto.randomUUID()}.jpg`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
    expect(unknown.headers.get("cache-control") ?? "").not.toContain("immutable");

    const db = server.database.db;
    const { defaultVariant } = await buildDesign(db);
    const placed = await buildPlacedOrder(db, {
      userId: (await createTestUser(db)).id,
      state: "payment_pending",
      lines: [{ variant: defaultVariant }],
    });
    const unpaid = await server.request(`/media/purchases/${placed.lines[0]?.uuid}.jpg`);
    expect(unpaid.status).toBe(404);
  });

  it("refuses a malformed name with the validation error", async () => {
    for (const file of ["not-a-uuid.jpg", `${crypto.randomUUID()}.png`, `${crypto.randomUUID()}`, "..%2Fx.jpg"]) {
      const refused = await server.request(`/media/purchases/${file}`);
      expect(refused.status, file).toBe(422);
      expect(refused.body.error.code, file).toBe("validation_failed");
    }
  });
});
