import type { PayPalSandbox } from "./paypal-sandbox.ts";

/**
 * A `fetch` that hands each request to the in-app sandbox in this process instead of the network: the real
 * adapter (request bodies, headers, token, error parsing) runs unchanged, without the app calling itself over
 * HTTP (no port or public URL to know, nothing to wait for at start-up). `baseUrl` is a placeholder origin.
 */
export const SANDBOX_FETCH_BASE_URL = "http://paypal-sandbox.internal";

export function createSandboxFetch(sandbox: PayPalSandbox): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== SANDBOX_FETCH_BASE_URL)
      throw new TypeError(`The PayPal sandbox fetch only serves ${SANDBOX_FETCH_BASE_URL}`);
    request.signal.throwIfAborted();
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await sandbox.handle({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers,
      body: request.body ? await request.text() : "",
    });
    // A 204 (Shipment Tracking's update) has no body: Response refuses even an empty one for it.
    const body = answer.status === 204 || answer.status === 304 ? null : answer.body;
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
}
