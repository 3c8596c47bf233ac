import type { IssuedTokens } from "./sessions.ts";

/** RFC 6749 section 5.1 success body (camelCase here; the reply hook writes snake_case). */
export function presentTokens(tokens: IssuedTokens) {
  return {
    accessToken: tokens.accessToken,
    tokenType: "Bearer",
    expiresIn: tokens.expiresIn,
    refreshToken: tokens.refreshToken,
    createdAt: tokens.createdAt,
  };
}
