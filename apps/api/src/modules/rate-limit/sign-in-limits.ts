import type { HitOptions, RateLimitCounters } from "../../adapters/counters/counters.ts";
import type { Config } from "../../config.ts";
import { boundKeyPart } from "../../lib/bounded-key.ts";
import { RateLimitError } from "./enforce-rate-limit.ts";

/**
 * Fair sign-in limits (decision 020). Only wrong passwords count, in sliding windows:
 * - per e-mail and client address (strict): SIGN_IN_FAILURES_PER_PAIR, then a 429 until the oldest failure
 *   leaves RATE_LIMIT_WINDOW_SECONDS; the right password there clears them;
 * - per client address, all e-mails: RATE_LIMIT_PER_IP;
 * - per e-mail, all addresses (loose): after SIGN_IN_FAILURES_PER_EMAIL in SIGN_IN_EMAIL_WINDOW_SECONDS, each
 *   further attempt waits 1 s, 2 s, 4 s … up to SIGN_IN_MAX_DELAY_SECONDS after the last one. Never a lock.
 *   An address that signed in to the e-mail within KNOWN_ADDRESS_DAYS skips this delay, so a guesser
 *   elsewhere cannot keep the owner out.
 * Each attempt is counted before the password is checked (so parallel guesses cannot slip past a limit) and
 * given back when the password was right.
 */

/** How long a successful sign-in makes its address known to the e-mail. */
export const KNOWN_ADDRESS_DAYS = 30;
const KNOWN_ADDRESS_SECONDS = KNOWN_ADDRESS_DAYS * 24 * 60 * 60;

/** What the password check found: only a wrong password counts as a failure. */
export type SignInOutcome = "wrong_password" | "right_password" | "not_checked";

export type SignInAttempt = {
  /** Records how the attempt ended: keeps, or gives back, what it counted. */
  settle(outcome: SignInOutcome): Promise<void>;
};

function signInKeys(email: string, ip: string) {
  const normalized = email.trim().toLowerCase();
  const pair = boundKeyPart(`${normalized} ${ip}`);
  return {
    pair: `sign_in:pair:${pair}`,
    known: `sign_in:known:${pair}`,
    email: `sign_in:email:${boundKeyPart(normalized)}`,
    ip: `sign_in:ip:${boundKeyPart(ip)}`,
  };
}

/**
 * Counts a sign-in attempt of `email` from `ip` against every limit that applies, or throws a RateLimitError
 * (429, Retry-After: the longest wait of the limits refused) having counted nothing.
 */
export async function startSignInAttempt(options: {
  rateLimiter: RateLimitCounters;
  config: Config;
  email: string;
  ip: string;
}): Promise<SignInAttempt> {
  const { rateLimiter, config, email, ip } = options;
  const keys = signInKeys(email, ip);
  const window = config.RATE_LIMIT_WINDOW_SECONDS;
  const known = (await rateLimiter.peek({ key: keys.known, limit: 1, windowSeconds: KNOWN_ADDRESS_SECONDS })).count > 0;
  const limits: HitOptions[] = [
    { key: keys.pair, limit: config.SIGN_IN_FAILURES_PER_PAIR, windowSeconds: window },
    { key: keys.ip, limit: config.RATE_LIMIT_PER_IP, windowSeconds: window },
  ];
  if (!known) {
    limits.push({
      key: keys.email,
      // No hard limit: the delay alone bounds the failures kept (about window / maximum delay).
      limit: Number.MAX_SAFE_INTEGER,
      windowSeconds: config.SIGN_IN_EMAIL_WINDOW_SECONDS,
      backoff: {
        afterCount: config.SIGN_IN_FAILURES_PER_EMAIL,
        baseSeconds: 1,
        maxSeconds: config.SIGN_IN_MAX_DELAY_SECONDS,
      },
    });
  }
  const results = await Promise.all(limits.map((limit) => rateLimiter.hit(limit)));
  const counted = results.flatMap((result, index) => {
    const key = limits[index]?.key;
    return result.hitId && key ? [{ key, hitId: result.hitId }] : [];
  });
  const giveBack = () => Promise.all(counted.map((hit) => rateLimiter.release(hit)));
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) {
    await giveBack();
    throw new RateLimitError(Math.max(...refused.map((result) => result.retryAfterSeconds)));
  }
  return {
    async settle(outcome) {
      if (outcome === "wrong_password") return;
      await giveBack();
      if (outcome !== "right_password") return;
      await rateLimiter.reset({ key: keys.pair });
      // Known from now on: reset first, so the mark lasts KNOWN_ADDRESS_DAYS from this sign-in.
      await rateLimiter.reset({ key: keys.known });
      await rateLimiter.hit({ key: keys.known, limit: 1, windowSeconds: KNOWN_ADDRESS_SECONDS });
    },
  };
}
