import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildOrderUrl, signOrderAccessToken, verifyOrderAccessToken } from "./order-link.ts";

const secret = randomBytes(32);
const orderId = randomUUID();

describe("order access tokens", () => {
  it("verifies the token of its order only", () => {
    const token = signOrderAccessToken(secret, orderId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyOrderAccessToken(secret, orderId, token)).toBe(true);
    expect(verifyOrderAccessToken(secret, orderId.toUpperCase(), token)).toBe(true);
    expect(verifyOrderAccessToken(secret, randomUUID(), token)).toBe(false);
    expect(verifyOrderAccessToken(randomBytes(32), orderId, token)).toBe(false);
  });

  it("refuses a missing, malformed or altered token", () => {
    const token = signOrderAccessToken(secret, orderId);
    const altered = `${token.startsWith("A") ? "B" : "A"}${token.slice(1)}`;
    // The last character has two spare bits: another spelling of the same bytes is refused too.
    const last = token.at(-1) as string;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const sameBytes = `${token.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
    for (const candidate of [undefined, null, "", "short", `${token}x`, altered, sameBytes, `${token.slice(0, 42)}=`]) {
      expect(verifyOrderAccessToken(secret, orderId, candidate)).toBe(false);
    }
  });

  it("links a customer to the Orders tab and a guest to the signed order page", () => {
    const config = { PUBLIC_URL: "https://shop.example" };
    expect(
      buildOrderUrl({ config, secret, order: { id: orderId, orderNumber: "TF-ABCD2345", userId: randomUUID() } }),
    ).toBe("https://shop.example/my-profile/orders/TF-ABCD2345");
    const guestUrl = new URL(
      buildOrderUrl({ config, secret, order: { id: orderId, orderNumber: "TF-ABCD2345", userId: null } }),
    );
    expect(guestUrl.pathname).toBe("/orders/TF-ABCD2345");
    expect(verifyOrderAccessToken(secret, orderId, guestUrl.searchParams.get("token"))).toBe(true);
  });
});
