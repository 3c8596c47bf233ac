import type { AppContext } from "../../context.ts";
import { mergeGuestCart } from "../cart/merge-guest-cart.ts";
import { enforceRateLimit } from "../rate-limit/enforce-rate-limit.ts";
import { startSignInAttempt } from "../rate-limit/sign-in-limits.ts";
import { type IssuedTokens, startGuestSession, startSession } from "./sessions.ts";
import { type CredentialCheck, verifyCredentials } from "./verify-credentials.ts";

/**
 * The one sign-in flow, behind both token endpoints: `POST /oauth/token` (the password grant) and
 * `POST /api/v1/tokens`. Each route words a refusal in its own error shape (RFC 6749's or the API's).
 */

type SignInContext = Pick<AppContext, "db" | "config" | "rateLimiter">;

export type SignInRefusal = Extract<CredentialCheck, { ok: false }>["reason"];

/** The message of each refusal, the same on both endpoints. */
export const SIGN_IN_REFUSAL_MESSAGES: Record<SignInRefusal, string> = {
  invalid_credentials: "Unrecognized password, email combination",
  unconfirmed: "Confirm your email address before signing in",
  disabled: "This account has been disabled",
};

/** A new guest identity and its first token pair; guest tokens are rate limited per IP. */
export async function signInAsGuest(options: {
  context: SignInContext;
  clientId: string;
  ip: string;
  /** The caller's `Device` header, when sent. */
  device?: string;
}): Promise<IssuedTokens> {
  const { context, clientId, ip, device } = options;
  const { db, config, rateLimiter } = context;
  await enforceRateLimit({ rateLimiter, config, action: "guest_token", ip });
  return startGuestSession({ db, config, clientId, device });
}

/**
 * Signs a customer in with e-mail and password: within the sign-in limits (wrong passwords only, per e-mail
 * and address, per address, and a growing delay per e-mail; decision 020), the credentials checked, the cart
 * of the guest the visitor was merged into the customer's cart (once: the guest cart is gone after), then a
 * session that remembers that guest.
 */
export async function signInWithPassword(options: {
  context: SignInContext;
  clientId: string;
  email: string;
  password: string;
  ip: string;
  device?: string;
  /** The guest the visitor was, from the token they still send; asked only once the password is right. */
  findGuestId: () => Promise<string | undefined> | string | undefined;
}): Promise<{ ok: true; tokens: IssuedTokens } | { ok: false; reason: SignInRefusal }> {
  const { context, clientId, email, password, ip, device, findGuestId } = options;
  const { db, config, rateLimiter } = context;
  const attempt = await startSignInAttempt({ rateLimiter, config, email, ip });
  let check: CredentialCheck;
  try {
    check = await verifyCredentials({ db, email, password });
  } catch (error) {
    await attempt.settle("not_checked");
    throw error;
  }
  // Unconfirmed and disabled accounts are only revealed to the right password: not a failed guess.
  const isWrongPassword = !check.ok && check.reason === "invalid_credentials";
  await attempt.settle(isWrongPassword ? "wrong_password" : "right_password");
  if (!check.ok) return check;
  const guestId = await findGuestId();
  // Before the session starts, so the customer's first cart read already holds what the guest chose.
  if (guestId) await mergeGuestCart({ db, guestId, userId: check.userId });
  return { ok: true, tokens: await startSession({ db, config, clientId, userId: check.userId, guestId, device }) };
}
