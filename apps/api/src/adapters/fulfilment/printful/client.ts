import { z } from "zod";
import { FulfilmentError } from "../fulfilment.ts";

/**
 * Printful API v2 over fetch (decision 068): a private token as the bearer, the store in `X-PF-Store-Id` when the
 * token is an account's, a time limit per call. What can go wrong becomes a FulfilmentError: a timeout, a network
 * failure, a 429 or a 5xx may pass (retryable); another 4xx will not (not retryable, with Printful's message); a
 * reply that is not the JSON its schema expects is treated as a failure of the moment (retryable), never cast.
 */

export const PRINTFUL_DEFAULT_BASE_URL = "https://api.printful.com";

/** Printful's error bodies: v1's `{code, result, error: {reason, message}}` and v2's problem details. */
const errorBodySchema = z.object({
  result: z.string().optional(),
  error: z.object({ message: z.string().optional() }).optional(),
  title: z.string().optional(),
  details: z.string().optional(),
  detail: z.string().optional(),
});

/** Where a list reply says its next page is (`_links.next.href`). */
const nextLinkSchema = z.object({ _links: z.object({ next: z.object({ href: z.string() }).optional() }).optional() });

/** At most this many pages of one list are read (20 items a page by default, 100 at most). */
const MAX_PAGES = 50;

export type PrintfulClientOptions = {
  /** PRINTFUL_API_BASE: https://api.printful.com, or a local server in tests. */
  baseUrl: string;
  apiToken: string;
  /** PRINTFUL_STORE_ID: needed with an account-level token, ignored by a store's own token. */
  storeId?: string;
  /** The longest one call may take. */
  timeoutMs: number;
  fetch?: typeof fetch;
};

export type PrintfulClient = {
  /** The reply parsed with `schema`; throws a FulfilmentError. */
  request<T>(method: "GET" | "POST", path: string, schema: z.ZodType<T>, body?: unknown): Promise<T>;
  /** As `request`, but null when Printful answers 404 (no such order). */
  requestOrNull<T>(method: "GET", path: string, schema: z.ZodType<T>): Promise<T | null>;
  /** Every item of a paged list, following `_links.next` (same path only). */
  list<T>(path: string, itemSchema: z.ZodType<T>): Promise<T[]>;
};

/** Printful's words for a refusal, or a plain description of the status. */
function messageOf(status: number, body: unknown): string {
  const parsed = errorBodySchema.safeParse(body);
  const words = parsed.success
    ? (parsed.data.error?.message ??
      parsed.data.result ??
      parsed.data.detail ??
      parsed.data.details ??
      parsed.data.title)
    : undefined;
  return `Printful answered ${status}${words ? `: ${words}` : ""}`;
}

export function createPrintfulClient(options: PrintfulClientOptions): PrintfulClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const fetch = options.fetch ?? globalThis.fetch;

  async function send(method: "GET" | "POST", path: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.apiToken}`, accept: "application/json" };
    if (options.storeId) headers["x-pf-store-id"] = options.storeId;
    if (body !== undefined) headers["content-type"] = "application/json";
    let text: string;
    let status: number;
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new FulfilmentError(
        timedOut
          ? `Printful did not answer ${method} ${path} within ${options.timeoutMs} ms`
          : `Printful could not be reached (${error instanceof Error ? error.message : String(error)})`,
        true,
      );
    }
    if (text === "") return { status, body: undefined };
    try {
      return { status, body: JSON.parse(text) as unknown };
    } catch {
      throw new FulfilmentError(`Printful answered ${status} with a body that is not JSON`, true, status);
    }
  }

  function refusal(status: number, body: unknown): FulfilmentError {
    return new FulfilmentError(messageOf(status, body), status === 429 || status >= 500, status);
  }

  function parse<T>(schema: z.ZodType<T>, status: number, body: unknown, what: string): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join(".") || "the body";
      throw new FulfilmentError(`Printful answered ${what} with a malformed reply (${where})`, true, status);
    }
    return parsed.data;
  }

  async function request<T>(method: "GET" | "POST", path: string, schema: z.ZodType<T>, body?: unknown) {
    const reply = await send(method, path, body);
    if (reply.status < 200 || reply.status > 299) throw refusal(reply.status, reply.body);
    return parse(schema, reply.status, reply.body, `${method} ${path}`);
  }

  return {
    request,
    async requestOrNull(method, path, schema) {
      const reply = await send(method, path, undefined);
      if (reply.status === 404) return null;
      if (reply.status < 200 || reply.status > 299) throw refusal(reply.status, reply.body);
      return parse(schema, reply.status, reply.body, `${method} ${path}`);
    },
    async list(path, itemSchema) {
      const pageSchema = nextLinkSchema.extend({ data: z.array(itemSchema) });
      const items: Array<z.infer<typeof itemSchema>> = [];
      const wanted = new URL(path, "http://printful.invalid").pathname;
      let next: string | undefined = path;
      for (let page = 0; next !== undefined; page += 1) {
        if (page === MAX_PAGES)
          throw new FulfilmentError(`Printful's list ${wanted} has more than ${MAX_PAGES} pages`, false);
        const reply: z.infer<typeof pageSchema> = await request("GET", next, pageSchema);
        items.push(...reply.data);
        const href = reply._links?.next?.href;
        // The link names Printful's host; only its path and query are followed, and only within the same list.
        const link = href ? new URL(href, "http://printful.invalid") : undefined;
        next = link && link.pathname === wanted && reply.data.length > 0 ? `${link.pathname}${link.search}` : undefined;
      }
      return items;
    },
  };
}
