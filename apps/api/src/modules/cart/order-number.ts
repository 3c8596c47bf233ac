import { randomBytes } from "node:crypto";
import { ORDER_NUMBER_ALPHABET, ORDER_NUMBER_LENGTH, ORDER_NUMBER_PREFIX } from "@threadfolk/contract/cart";
import { violatedUniqueIndex } from "../../lib/database-errors.ts";

/**
 * A new order number: `TF-` and 8 characters drawn uniformly (random bytes, no modulo bias) from 31
 * unambiguous characters: about 8.5e11 numbers, so a collision is rare and only costs a retry (the unique
 * index decides), and numbers say nothing about how many orders exist.
 */
export function generateOrderNumber(): string {
  const alphabet = ORDER_NUMBER_ALPHABET.length;
  // Bytes at or past the largest multiple of the alphabet's size are skipped, so every character is equally likely.
  const limit = 256 - (256 % alphabet);
  let suffix = "";
  while (suffix.length < ORDER_NUMBER_LENGTH) {
    for (const byte of randomBytes(ORDER_NUMBER_LENGTH * 2)) {
      if (byte < limit && suffix.length < ORDER_NUMBER_LENGTH) suffix += ORDER_NUMBER_ALPHABET[byte % alphabet];
    }
  }
  return `${ORDER_NUMBER_PREFIX}${suffix}`;
}

const ORDER_NUMBER_INDEX = "orders_order_number_key";
const ORDER_NUMBER_ATTEMPTS = 3;

/**
 * Runs `create` (a transaction that may insert an order with a fresh number) again when the number was
 * already taken: the unique index is the judge, and the failed transaction has rolled back.
 */
export async function retryOnOrderNumberCollision<T>(create: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if (attempt >= ORDER_NUMBER_ATTEMPTS || violatedUniqueIndex(error) !== ORDER_NUMBER_INDEX) throw error;
    }
  }
}
