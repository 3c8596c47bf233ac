/** The value of one cookie from a `document.cookie` string, or undefined when it is not set. */
export function parseCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** Reads a cookie of this page. */
export function readCookie(name: string): string | undefined {
  return parseCookie(document.cookie, name);
}

/**
 * The `document.cookie` assignment that sets `name` for the whole site: URI-encoded, kept `maxAgeSeconds`,
 * sent to the server only from this site's own pages (SameSite=Lax).
 */
export function serializeCookie(name: string, value: string, options: { maxAgeSeconds: number }): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${options.maxAgeSeconds}; SameSite=Lax`;
}

/** Sets a cookie of this page (see `serializeCookie`). */
export function writeCookie(name: string, value: string, options: { maxAgeSeconds: number }): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from some browsers the shop supports.
  document.cookie = serializeCookie(name, value, options);
}
