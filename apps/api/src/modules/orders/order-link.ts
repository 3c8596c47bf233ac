import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { type AppSecretPurpose, getAppSecret } from "../../lib/app-secrets.ts";

/**
 * Links to an order (decision 030). A customer's order is read signed in, at `/my-profile/orders/{number}`; a
 * guest has no account to sign in to, so the confirmation e-mail carries a signed link,
 * `/orders/{number}?token=…`, whose token is an HMAC of the order's id with a server key: it cannot be forged
 * or moved to another order, and needs no row. It does not expire (like a shop's order status page): whoever
 * holds the e-mail can read that one order, nothing else.
 */

/** The app secret order access tokens are keyed with. */
export const ORDER_ACCESS_SECRET: AppSecretPurpose = {
  label: "threadfolk order access v1",
  settingKey: "order_access_key",
};

/** The key of order access tokens (derived from SECRET_KEY, or generated once per database). */
export function getOrderAccessSecret({ db, config }: { db: Database; config: Pick<Config, "SECRET_KEY"> }) {
  return getAppSecret({ db, config, purpose: ORDER_ACCESS_SECRET });
}

/** 32 bytes of HMAC-SHA256 in base64url. */
const TOKEN_LENGTH = 43;

/** The token of a guest's order link: HMAC-SHA256 of the order id, base64url (43 characters). */
export function signOrderAccessToken(secret: Buffer, orderId: string): string {
  return createHmac("sha256", secret).update(`order-access:${orderId.toLowerCase()}`).digest("base64url");
}

/** True when `token` is the access token of `orderId` (compared in constant time); false for anything else. */
export function verifyOrderAccessToken(secret: Buffer, orderId: string, token: string | undefined | null): boolean {
  if (typeof token !== "string" || token.length !== TOKEN_LENGTH) return false;
  // The text is compared, not its decoding: base64url's last character has spare bits, so decoding would
  // accept several spellings of one token.
  return timingSafeEqual(Buffer.from(token), Buffer.from(signOrderAccessToken(secret, orderId)));
}

/**
 * The absolute link to an order for its e-mail: the Orders tab for a customer's order, the signed link for a
 * guest's.
 */
export function buildOrderUrl(options: {
  config: Pick<Config, "PUBLIC_URL">;
  secret: Buffer;
  order: { id: string; orderNumber: string; userId: string | null };
}): string {
  const { config, secret, order } = options;
  const number = encodeURIComponent(order.orderNumber);
  if (order.userId !== null) return `${config.PUBLIC_URL}/my-profile/orders/${number}`;
  return `${config.PUBLIC_URL}/orders/${number}?token=${signOrderAccessToken(secret, order.id)}`;
}
