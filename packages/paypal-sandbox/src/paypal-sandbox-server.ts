import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { PayPalSandbox, SandboxResponse } from "./paypal-sandbox.ts";
import { registerPayPalSandboxPages } from "./paypal-sandbox-pages.ts";

/** The most a request to the sandbox may carry (PayPal's own bodies are far smaller). */
const MAX_BODY_BYTES = 256 * 1024;

function send(response: http.ServerResponse, answer: SandboxResponse): void {
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}

/** A Node request listener for the sandbox: everything below `prefix` goes to it. */
export function createPayPalSandboxListener(sandbox: PayPalSandbox, prefix = "") {
  return (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        send(response, {
          status: 413,
          headers: { "content-type": "application/json" },
          body: '{"name":"PAYLOAD_TOO_LARGE"}',
        });
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => {
      const url = (request.url ?? "/").slice(prefix.length) || "/";
      sandbox
        .handle({
          method: request.method ?? "GET",
          url,
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        })
        .then((answer) => send(response, answer))
        .catch((error: unknown) => {
          send(response, {
            status: 500,
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: "INTERNAL_SERVER_ERROR", message: String(error) }),
          });
        });
    });
  };
}

export type RunningPayPalSandbox = {
  sandbox: PayPalSandbox;
  /** For PAYPAL_API_BASE: http://127.0.0.1:<port>. */
  baseUrl: string;
  close(): Promise<void>;
};

/** The sandbox as a standalone server on 127.0.0.1 (a random port unless one is given). */
export async function startPayPalSandboxServer(sandbox: PayPalSandbox, port = 0): Promise<RunningPayPalSandbox> {
  const server = http.createServer(createPayPalSandboxListener(sandbox));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sandbox.setPublicBaseUrl(baseUrl);
  return {
    sandbox,
    baseUrl,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Mounts the sandbox inside a Fastify app under `prefix` (e.g. /paypal-sandbox), with its own body parsing
 * (raw text of any content type, as PayPal's endpoints take JSON and forms) in an encapsulated scope, so the
 * app's parsers and routes are untouched. PAYPAL_API_BASE is then `<public URL><prefix>`. The payer's pages (the JS SDK
 * stand-in and the approval page, `paypal-sandbox-pages.ts`) are mounted there too.
 */
export async function registerPayPalSandbox(
  app: FastifyInstance,
  options: { sandbox: PayPalSandbox; prefix: string; publicBaseUrl: string },
) {
  const { sandbox, prefix } = options;
  sandbox.setPublicBaseUrl(`${options.publicBaseUrl.replace(/\/+$/, "")}${prefix}`);
  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: MAX_BODY_BYTES }, (_request, body, done) =>
        done(null, body),
      );
      // The payer's side (decision 032): the JS SDK stand-in and the approval page, before the API's catch-all.
      registerPayPalSandboxPages(scope, { sandbox, prefix });
      scope.all("/*", async (request, reply) => {
        const url = request.url.slice(prefix.length) || "/";
        const answer = await sandbox.handle({
          method: request.method,
          url,
          headers: request.headers,
          body: typeof request.body === "string" ? request.body : "",
        });
        return reply.code(answer.status).headers(answer.headers).send(answer.body);
      });
    },
    { prefix },
  );
}
