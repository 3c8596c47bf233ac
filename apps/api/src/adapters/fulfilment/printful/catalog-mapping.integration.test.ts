import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../../../test/test-database.ts";
import type { DatabaseHandle } from "../../../db/client.ts";
import { garmentStyles } from "../../../db/schema/catalogue.ts";
import { PRINTFUL_STYLES } from "./catalog.ts";

/**
 * The Printful mapping covers the catalogue as the database has it (decision 068): every garment style, in every
 * colour it comes in and no other, so that no paid line can reach Printful without a blank to print on.
 */

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

it("maps every garment style and each of its colours to Printful", async () => {
  const styles = await database.db.select({ key: garmentStyles.key, colors: garmentStyles.colors }).from(garmentStyles);
  expect(styles.length).toBeGreaterThan(0);
  for (const style of styles) {
    const mapped = PRINTFUL_STYLES.get(style.key);
    expect(mapped, style.key).toBeDefined();
    expect(Object.keys(mapped?.colors ?? {}).sort(), style.key).toEqual([...style.colors].sort());
  }
  expect([...PRINTFUL_STYLES.keys()].sort()).toEqual(styles.map((style) => style.key).sort());
});
