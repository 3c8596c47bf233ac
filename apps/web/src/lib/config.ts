/** Runtime configuration the server injects as `<meta name="app-config" content="{json}">`. */
type AppConfig = {
  brandName: string;
  supportEmail: string;
  publicUrl: string;
  oauthClientId: string;
  oauthClientSecret: string;
};

function defaultConfig(): AppConfig {
  const origin = typeof window === "undefined" ? "http://localhost:3000" : window.location.origin;
  const host = new URL(origin).hostname;
  return {
    brandName: "Threadfolk",
    supportEmail: `support@${host}`,
    publicUrl: origin,
    oauthClientId: "threadfolk-web",
    oauthClientSecret: "threadfolk-web-public-client-secret",
  };
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** Reads the config from the document head; missing or malformed values fall back to the defaults. */
export function readAppConfig(doc: Document | undefined = typeof document === "undefined" ? undefined : document) {
  const defaults = defaultConfig();
  const content = doc?.querySelector('meta[name="app-config"]')?.getAttribute("content");
  if (!content) return defaults;
  let parsed: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(content);
    if (typeof value !== "object" || value === null) return defaults;
    parsed = value as Record<string, unknown>;
  } catch {
    // A broken tag must not take the whole app down: the defaults are always usable.
    return defaults;
  }
  return {
    brandName: nonEmptyString(parsed.brandName) ?? defaults.brandName,
    supportEmail: nonEmptyString(parsed.supportEmail) ?? defaults.supportEmail,
    publicUrl: (nonEmptyString(parsed.publicUrl) ?? defaults.publicUrl).replace(/\/+$/, ""),
    oauthClientId: nonEmptyString(parsed.oauthClientId) ?? defaults.oauthClientId,
    oauthClientSecret: nonEmptyString(parsed.oauthClientSecret) ?? defaults.oauthClientSecret,
  } satisfies AppConfig;
}

/** The configuration of this page load (read once; the server sets it per deployment). */
export const appConfig: AppConfig = readAppConfig();

/** The brand's handle on social networks: its name in lower case without spaces or punctuation. */
function socialHandle(brandName: string): string {
  return brandName.toLowerCase().replace(/[^a-z0-9]/g, "") || "threadfolk";
}

/** The brand's pages on the social networks the footer links to. */
export function socialLinks(brandName: string = appConfig.brandName) {
  const handle = socialHandle(brandName);
  return [
    { network: "Facebook", href: `https://www.facebook.com/${handle}` },
    { network: "Instagram", href: `https://www.instagram.com/${handle}` },
    { network: "Twitter", href: `https://twitter.com/${handle}` },
    { network: "Pinterest", href: `https://www.pinterest.com/${handle}` },
  ] as const;
}
