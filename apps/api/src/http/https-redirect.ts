import type { FastifyInstance } from "fastify";

/**
 * With an https PUBLIC_URL behind a proxy we trust (TRUST_PROXY), a request the proxy received over plain HTTP
 * (`X-Forwarded-Proto: http`) is sent to the same path on PUBLIC_URL: 301 for GET and HEAD, 308 for the rest (it
 * keeps the method and body). The target is built from PUBLIC_URL, never from the request's Host header.
 * Requests without the header (a load balancer's health check on the instance itself) are answered as they are;
 * without TRUST_PROXY nothing tells a plain request from one a TLS proxy forwarded, so nothing is redirected.
 * Strict-Transport-Security (security-headers.ts) then keeps browsers on https.
 */
export function registerHttpsRedirect(app: FastifyInstance, options: { publicUrl: string; trustProxy: boolean }) {
  if (!options.publicUrl.startsWith("https://") || !options.trustProxy) return;
  app.addHook("onRequest", async (request, reply) => {
    if (request.headers["x-forwarded-proto"] === undefined || request.protocol !== "http") return;
    const status = request.method === "GET" || request.method === "HEAD" ? 301 : 308;
    return reply.redirect(`${options.publicUrl}${request.url}`, status);
  });
}
