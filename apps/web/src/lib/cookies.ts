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
