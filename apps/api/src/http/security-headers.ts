import type { FastifyInstance } from "fastify";

export type SecurityHeaderOptions = {
  /** Extra origins images may load from (e.g. an S3 bucket's public host). */
  imageOrigins?: string[];
  /** Extra origins scripts and fetches may reach (third-party trackers, payment wallets when configured). */
  scriptOrigins?: string[];
  connectOrigins?: string[];
  frameOrigins?: string[];
  /** Pages that open a payment wallet's popup and must keep a handle on it (PayPal's checkout window). */
  allowPopups?: boolean;
  isHttps: boolean;
};

/**
 * A Content-Security-Policy that allows only what the app itself loads. Styles allow inline because the
 * toast library and Radix position popovers with inline styles; no inline script is ever allowed.
 */
function buildContentSecurityPolicy(options: SecurityHeaderOptions): string {
  const join = (...sources: (string | undefined)[]) => sources.filter(Boolean).join(" ");
  const directives = [
    "default-src 'self'",
    `script-src ${join("'self'", ...(options.scriptOrigins ?? []))}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${join("'self'", "data:", "blob:", ...(options.imageOrigins ?? []))}`,
    "font-src 'self' data:",
    `connect-src ${join("'self'", ...(options.connectOrigins ?? []))}`,
    `frame-src ${options.frameOrigins?.length ? options.frameOrigins.join(" ") : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ];
  if (options.isHttps) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const policy = buildContentSecurityPolicy(options);
  app.addHook("onSend", async (_request, reply, payload) => {
    // A route with a stricter policy of its own (the PayPal sandbox's approval page) keeps it.
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", policy);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("X-Frame-Options", "DENY");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    // PayPal's own checkout window reports back to its opener, which `same-origin` would cut off.
    reply.header("Cross-Origin-Opener-Policy", options.allowPopups ? "same-origin-allow-popups" : "same-origin");
    reply.header("Cross-Origin-Resource-Policy", "same-origin");
    reply.header("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    if (options.isHttps) reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    return payload;
  });
}
