import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign, buildSale } from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { appSettings, designs, marketplaceSales, sellerDesignProductVariants } from "../../db/schema/index.ts";

/**
 * `designs.list_price_cents` (migration 0019, decision 049): the default variant's price, or the base price
 * without a default variant, kept by triggers whatever writes the variants; the price sorts follow it, and
 * follow the sale prices on the cards while a sale runs.
 */

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "0", SEARCH_CACHE_SECONDS: "0" } });
});

afterAll(async () => {
  await server.close();
});

async function listPrice(designId: string): Promise<number | undefined> {
  const [row] = await server.database.db
    .select({ price: designs.listPriceCents })
    .from(designs)
    .where(eq(designs.id, designId));
  return row?.price;
}

describe("the stored list price", () => {
  it("follows the default variant's price, a change of default variant and the base price", async () => {
    const db = server.database.db;
    const { design, variants } = await buildDesign(db, {
      basePriceCents: 2000,
      priceCents: 2200,
      garmentStyleKeys: ["mens_tee", "hoodie"],
    });
    const [tee, hoodie] = variants;
    if (!tee || !hoodie) throw new Error("two variants expected");
    expect(await listPrice(design.id)).toBe(2200);

    await db
      .update(sellerDesignProductVariants)
      .set({ priceCents: 2600 })
      .where(eq(sellerDesignProductVariants.id, tee.id));
    expect(await listPrice(design.id)).toBe(2600);
    // Another variant's price does not show on the card.
    await db
      .update(sellerDesignProductVariants)
      .set({ priceCents: 4100 })
      .where(eq(sellerDesignProductVariants.id, hoodie.id));
    expect(await listPrice(design.id)).toBe(2600);

    // The hoodie becomes the default (two statements, as the one-default index wants).
    await db
      .update(sellerDesignProductVariants)
      .set({ isDefault: false })
      .where(eq(sellerDesignProductVariants.id, tee.id));
    expect(await listPrice(design.id)).toBe(2000);
    await db
      .update(sellerDesignProductVariants)
      .set({ isDefault: true })
      .where(eq(sellerDesignProductVariants.id, hoodie.id));
    expect(await listPrice(design.id)).toBe(4100);

    await db.delete(sellerDesignProductVariants).where(eq(sellerDesignProductVariants.designId, design.id));
    expect(await listPrice(design.id)).toBe(2000);
    await db.update(designs).set({ basePriceCents: 1800 }).where(eq(designs.id, design.id));
    expect(await listPrice(design.id)).toBe(1800);
    // Code never writes it: a direct write is recomputed.
    await db.update(designs).set({ listPriceCents: 1 }).where(eq(designs.id, design.id));
    expect(await listPrice(design.id)).toBe(1800);
  });

  it("is what the price sorts follow, and they follow the cards' sale prices while a sale runs", async () => {
    const db = server.database.db;
    const cheap = await buildDesign(db, { priceCents: 1500, displayName: "Cheap Shirt" });
    const middle = await buildDesign(db, { priceCents: 2500, displayName: "Middle Shirt" });
    const dear = await buildDesign(db, { priceCents: 3500, displayName: "Dear Shirt" });
    const ours = new Set([cheap.design.id, middle.design.id, dear.design.id]);
    const order = async (sort: string, filters = "") => {
      const response = await server.request(`/api/v1/internal_design_collections/browse?sort=${sort}&page=1${filters}`);
      expect(response.status).toBe(200);
      return (response.body.data as Array<{ uuid: string; display_name: string; sales_price: string }>).filter((card) =>
        ours.has(card.uuid),
      );
    };
    expect((await order("price_asc")).map((card) => card.display_name)).toEqual([
      "Cheap Shirt",
      "Middle Shirt",
      "Dear Shirt",
    ]);
    expect((await order("price_desc")).map((card) => card.display_name)).toEqual([
      "Dear Shirt",
      "Middle Shirt",
      "Cheap Shirt",
    ]);
    // A price range reads the list price for its lower bound; the shown price decides.
    expect((await order("price_asc", "&price_from=20")).map((card) => card.display_name)).toEqual([
      "Middle Shirt",
      "Dear Shirt",
    ]);
    // A sale prices the dear shirt at $10: it is now the cheapest card, and sorts so.
    const sale = await buildSale(db, { designs: [{ design: dear.design, salePriceCents: 1000 }] });
    try {
      const ascending = await order("price_asc");
      expect(ascending.map((card) => card.display_name)).toEqual(["Dear Shirt", "Cheap Shirt", "Middle Shirt"]);
      expect(ascending[0]?.sales_price).toBe("$10.00");
      // Listed from $20, shown at $10: not in "from $20", in "under $12".
      expect((await order("price_asc", "&price_from=20")).map((card) => card.display_name)).toEqual(["Middle Shirt"]);
      expect((await order("price_asc", "&price_under=12")).map((card) => card.display_name)).toEqual(["Dear Shirt"]);
      expect((await order("price_desc")).map((card) => card.display_name)).toEqual([
        "Middle Shirt",
        "Cheap Shirt",
        "Dear Shirt",
      ]);
    } finally {
      await db.delete(marketplaceSales).where(eq(marketplaceSales.id, sale.id));
    }
    expect((await order("price_asc"))[0]?.display_name).toBe("Cheap Shirt");
  });
});

describe("the stored shown price (decision 052)", () => {
  /** Each design's stored shown price and the price design_shown_price gives now. */
  async function shownPrices(ids: string[]) {
    const rows = await server.database.db
      .select({
        id: designs.id,
        stored: designs.shownPriceCents,
        now: sql<number>`design_shown_price(${designs.id}, ${designs.listPriceCents})`,
      })
      .from(designs)
      .where(inArray(designs.id, ids));
    return new Map(rows.map((row) => [row.id, { stored: row.stored, now: Number(row.now) }]));
  }

  it("follows the sales as they are written, and a sale that starts by time is priced until the next refresh", async () => {
    const db = server.database.db;
    const first = await buildDesign(db, { priceCents: 2000, displayName: "First Shirt" });
    const second = await buildDesign(db, { priceCents: 3000, displayName: "Second Shirt" });
    const ids = [first.design.id, second.design.id];
    const order = async () => {
      const response = await server.request("/api/v1/internal_design_collections/browse?sort=price_asc&page=1");
      expect(response.status).toBe(200);
      return (response.body.data as Array<{ uuid: string; display_name: string }>)
        .filter((card) => ids.includes(card.uuid))
        .map((card) => card.display_name);
    };
    expect([...(await shownPrices(ids)).values()].map((price) => price.stored)).toEqual(
      expect.arrayContaining([2000, 3000]),
    );

    // Writing a sale stores its prices at once: the second shirt at $15.00 sorts first.
    const sale = await buildSale(db, { designs: [{ design: second.design, salePriceCents: 1500 }] });
    try {
      expect((await shownPrices(ids)).get(second.design.id)).toEqual({ stored: 1500, now: 1500 });
      expect(await order()).toEqual(["Second Shirt", "First Shirt"]);
      // While current, the sort reads the stored price (its index), not a price worked out per design: a stored
      // price written behind the triggers' back shows in the order.
      await db.update(designs).set({ shownPriceCents: 100 }).where(eq(designs.id, first.design.id));
      expect(await order()).toEqual(["First Shirt", "Second Shirt"]);

      // Time passes the start of a sale with no write: the stored prices are stale (here, made wrong on
      // purpose), so the sort prices every match, and a refresh brings them back.
      await db
        .update(appSettings)
        .set({ value: { asOf: new Date(Date.now() - 48 * 3600_000).toISOString() } })
        .where(eq(appSettings.key, "shown_prices"));
      await db.update(designs).set({ shownPriceCents: 9999 }).where(eq(designs.id, second.design.id));
      expect(await order()).toEqual(["Second Shirt", "First Shirt"]);
      await expect.poll(async () => (await shownPrices(ids)).get(second.design.id)?.stored).toBe(1500);
      expect((await shownPrices(ids)).get(first.design.id)).toEqual({ stored: 2000, now: 2000 });
    } finally {
      await db.delete(marketplaceSales).where(eq(marketplaceSales.id, sale.id));
    }
    expect((await shownPrices(ids)).get(second.design.id)).toEqual({ stored: 3000, now: 3000 });
    expect(await order()).toEqual(["First Shirt", "Second Shirt"]);
  });
});
