import type { TokenResponse } from "@threadfolk/contract/accounts";

/**
 * What the browser keeps about the visitor (spec section 3, "Locally kept"): the access token and its
 * expiry for this tab only (sessionStorage), the refresh token, the signed-in flag and the cached user
 * facts across tabs and restarts (localStorage). Every read and write goes through these helpers.
 */

/** Local-storage keys. */
export const LOCAL_KEYS = {
  refreshToken: "refreshToken",
  /** 'true' or 'false'; missing means signed out. */
  signedIn: "signedIn",
  favoriteDesignUuids: "favoriteDesignUuids",
  followedSellerUuids: "followedSellerUuids",
  username: "username",
  uniqueUsername: "uniqueUsername",
  /** A random id for this browser, sent as the `Device` header of a token refresh (spec section 7). */
  deviceId: "deviceId",
} as const;

/** Session-storage keys (this tab only). */
const SESSION_KEYS = {
  accessToken: "accessToken",
  /** Milliseconds since the epoch at which the access token stops working. */
  accessTokenExpiresAt: "accessTokenExpiresAt",
  /** The cart's item count, also kept in the `shoppingCartCount` cookie (spec section 3). */
  shoppingCartCount: "shoppingCartCount",
} as const;

/** Fired on window when this tab changes a session key (the `storage` event only reaches other tabs). */
const SESSION_CHANGE_EVENT = "threadfolk:session-change";

type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];
type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

function notifySessionChange(): void {
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

/** A local-storage value, or undefined when missing. */
export function readLocal(key: LocalKey): string | undefined {
  return window.localStorage.getItem(key) ?? undefined;
}

/** Writes (or with undefined removes) a local-storage value and tells this tab's listeners. */
export function writeLocal(key: LocalKey, value: string | undefined): void {
  if (value === undefined) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, value);
  notifySessionChange();
}

/** Stores a list as JSON in local storage. */
export function writeLocalList(
  key: typeof LOCAL_KEYS.favoriteDesignUuids | typeof LOCAL_KEYS.followedSellerUuids,
  list: readonly string[],
): void {
  writeLocal(key, JSON.stringify(list));
}

function readSession(key: SessionKey): string | undefined {
  return window.sessionStorage.getItem(key) ?? undefined;
}

/**
 * Keeps the cart's item count under the session key the spec names (spec section 3). The cookie of the same
 * name is what the app reads (it is shared by every tab); storage that refuses writes only loses this copy.
 */
export function writeSessionCartCount(count: number): void {
  try {
    window.sessionStorage.setItem(SESSION_KEYS.shoppingCartCount, String(count));
  } catch {
    // Private modes may refuse storage writes: the cookie still holds the count.
  }
}

/** True when local storage says the visitor is signed in. */
export function readSignedInFlag(): boolean {
  return readLocal(LOCAL_KEYS.signedIn) === "true";
}

/** Stores the signed-in flag ('true'/'false'). */
export function writeSignedInFlag(isSignedIn: boolean): void {
  writeLocal(LOCAL_KEYS.signedIn, isSignedIn ? "true" : "false");
}

type StoredAccessToken = { token: string; expiresAt: number };

/** The access token of this tab and when it expires, if any. */
export function readAccessToken(): StoredAccessToken | undefined {
  const token = readSession(SESSION_KEYS.accessToken);
  if (!token) return undefined;
  const expiresAt = Number(readSession(SESSION_KEYS.accessTokenExpiresAt));
  // A missing or damaged expiry is treated as "still valid": the server's 401 is the final word.
  return { token, expiresAt: Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : Number.POSITIVE_INFINITY };
}

/** What is kept of a token reply (the contract's, after case conversion); an absent expiry or refresh token is tolerated. */
export type TokenSet = Pick<TokenResponse, "accessToken"> &
  Partial<Pick<TokenResponse, "refreshToken" | "expiresIn" | "createdAt">>;

/** Stores a token response: access token and expiry in the tab, refresh token in local storage. */
export function storeTokens(tokens: TokenSet): void {
  window.sessionStorage.setItem(SESSION_KEYS.accessToken, tokens.accessToken);
  if (tokens.expiresIn !== undefined) {
    // Counted from now rather than created_at: the browser's clock may differ from the server's.
    window.sessionStorage.setItem(SESSION_KEYS.accessTokenExpiresAt, String(Date.now() + tokens.expiresIn * 1000));
  } else {
    window.sessionStorage.removeItem(SESSION_KEYS.accessTokenExpiresAt);
  }
  if (tokens.refreshToken) window.localStorage.setItem(LOCAL_KEYS.refreshToken, tokens.refreshToken);
  notifySessionChange();
}

/**
 * Forgets the signed-in visitor (spec section 4, logout and session end): signedIn false, refresh token,
 * cached favourites, follows and usernames removed, and this tab's access token dropped.
 */
export function clearSignedInVisitor(): void {
  window.localStorage.setItem(LOCAL_KEYS.signedIn, "false");
  for (const key of [
    LOCAL_KEYS.refreshToken,
    LOCAL_KEYS.favoriteDesignUuids,
    LOCAL_KEYS.followedSellerUuids,
    LOCAL_KEYS.username,
    LOCAL_KEYS.uniqueUsername,
  ]) {
    window.localStorage.removeItem(key);
  }
  window.sessionStorage.removeItem(SESSION_KEYS.accessToken);
  window.sessionStorage.removeItem(SESSION_KEYS.accessTokenExpiresAt);
  notifySessionChange();
}

/** Subscribes to session storage changes made in this tab or in other tabs. */
export function subscribeToSessionChanges(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(SESSION_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(SESSION_CHANGE_EVENT, onChange);
  };
}
