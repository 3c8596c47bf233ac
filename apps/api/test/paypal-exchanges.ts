/** A request the PayPal adapter made and the answer it got, bodies parsed (text when not JSON). */
export type PayPalExchange = { method: string; path: string; requestBody: unknown; status: number; replyBody: unknown };

const parse = (text: string): unknown => {
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * A fetch that keeps every request and reply it passes on, so a contract test can check them against PayPal's
 * description. Paths are the sandbox's (below `/paypal-sandbox` when it is mounted in the app).
 */
export function recordingFetch(inner: typeof fetch, exchanges: PayPalExchange[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const requestText = request.body ? await request.clone().text() : "";
    const response = await inner(request);
    const replyText = await response.clone().text();
    exchanges.push({
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/paypal-sandbox/, ""),
      requestBody: parse(requestText),
      status: response.status,
      replyBody: parse(replyText),
    });
    return response;
  };
}
