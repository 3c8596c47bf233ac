import { ORDER_NUMBER_ALPHABET, ORDER_NUMBER_PATTERN } from "@threadfolk/contract/cart";
import { describe, expect, it } from "vitest";
import { generateOrderNumber, retryOnOrderNumberCollision } from "./order-number.ts";

function uniqueViolation(constraint: string) {
  return Object.assign(new Error("duplicate key"), { cause: { code: "23505", constraint } });
}

describe("generateOrderNumber", () => {
  it("makes TF- and 8 characters of the unambiguous alphabet, different every time", () => {
    const numbers = Array.from({ length: 2000 }, generateOrderNumber);
    for (const number of numbers) expect(number).toMatch(ORDER_NUMBER_PATTERN);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(ORDER_NUMBER_ALPHABET).not.toMatch(/[01ILO]/);
    // Every character of the alphabet turns up: nothing is left out by the drawing.
    const seen = new Set(numbers.flatMap((number) => [...number.slice(3)]));
    expect(seen.size).toBe(ORDER_NUMBER_ALPHABET.length);
  });
});

describe("generateOrderNumber's characters", () => {
  it("are equally likely: no character of the alphabet is favoured (a modulo bias would favour 8 of them by 12 %)", () => {
    const counts = new Map<string, number>();
    const numbers = 20_000;
    for (let index = 0; index < numbers; index++) {
      for (const character of generateOrderNumber().slice(3)) counts.set(character, (counts.get(character) ?? 0) + 1);
    }
    const expected = (numbers * 8) / ORDER_NUMBER_ALPHABET.length;
    const deviation = Math.sqrt(expected);
    for (const character of ORDER_NUMBER_ALPHABET) {
      expect(Math.abs((counts.get(character) ?? 0) - expected)).toBeLessThan(5 * deviation);
    }
  });
});

describe("retryOnOrderNumberCollision", () => {
  it("tries again when the order number was taken, and gives up after three attempts", async () => {
    let calls = 0;
    await expect(
      retryOnOrderNumberCollision(async () => {
        calls += 1;
        if (calls < 3) throw uniqueViolation("orders_order_number_key");
        return "created";
      }),
    ).resolves.toBe("created");
    calls = 0;
    await expect(
      retryOnOrderNumberCollision(async () => {
        calls += 1;
        throw uniqueViolation("orders_order_number_key");
      }),
    ).rejects.toThrow("duplicate key");
    expect(calls).toBe(3);
  });

  it("does not retry any other error", async () => {
    let calls = 0;
    await expect(
      retryOnOrderNumberCollision(async () => {
        calls += 1;
        throw uniqueViolation("order_line_items_uuid_key");
      }),
    ).rejects.toThrow();
    expect(calls).toBe(1);
  });
});
