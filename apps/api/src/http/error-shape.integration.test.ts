import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestServer, type TestServer } from "../../test/test-server.ts";

// Issue 10, deliverable 2: the errors Fastify and Node's HTTP parser answer themselves wear the API's one shape.
let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

type RawResponse = { status: number; statusText: string; headers: Record<string, string>; body: string };

/** Sends bytes as they are (no client library fixes them up) and reads the reply until the server closes. */
function sendRaw(request: string): Promise<RawResponse> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const match = /^HTTP\/1\.1 (\d{3}) (.*)$/.exec(statusLine);
      if (!match) return reject(new Error(`no status line in ${JSON.stringify(text.slice(0, 200))}`));
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const separator = line.indexOf(":");
          return [line.slice(0, separator).toLowerCase(), line.slice(separator + 1).trim()];
        }),
      );
      resolve({ status: Number(match[1]), statusText: match[2] ?? "", headers, body: rest.join("\r\n\r\n") });
    });
    socket.write(request);
  });
}

const get = (target: string, headers = "") =>
  sendRaw(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${headers}\r\n`);

function expectErrorShape(response: RawResponse, status: number, statusText: string, code: string) {
  expect(response.status, response.body).toBe(status);
  expect(response.statusText).toBe(statusText);
  expect(response.headers["content-type"]).toContain("application/json");
  const body = JSON.parse(response.body.split("\r\n").find((line) => line.startsWith("{")) ?? response.body);
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
  expect(body.error.message).not.toMatch(/FST_|HPE_/);
}

describe("one error shape for the framework's own errors", () => {
  it("answers an invalid percent escape in a path with a 400 in the API shape", async () => {
    expectErrorShape(await get("/api/v1/artists/%zz"), 400, "Bad Request", "bad_request");
    expectErrorShape(await get("/api/v1/designs/%E0%A4%A"), 400, "Bad Request", "bad_request");
  });

  it("answers a path parameter over the maximum length with a 414 labelled URI Too Long", async () => {
    expectErrorShape(await get(`/api/v1/artists/${"a".repeat(600)}`), 414, "URI Too Long", "uri_too_long");
  });

  it("answers an oversized URL with a 414, and one the parser cannot hold with a 431", async () => {
    expectErrorShape(
      await get(`/api/v1/search_suggestions?query=${"a".repeat(9000)}`),
      414,
      "URI Too Long",
      "uri_too_long",
    );
    expectErrorShape(
      await get(`/api/v1/search_suggestions?query=${"a".repeat(20_000)}`),
      431,
      "Request Header Fields Too Large",
      "header_too_large",
    );
  });

  it("answers an oversized header with a 431 in the API shape", async () => {
    expectErrorShape(
      await get("/api/v1/ping", `X-Filler: ${"b".repeat(20_000)}\r\n`),
      431,
      "Request Header Fields Too Large",
      "header_too_large",
    );
  });

  it("answers what the HTTP parser refuses with a 400 in the API shape", async () => {
    expectErrorShape(
      await sendRaw("GET /api/v1/ping HTTP/1.1\r\nBad Header\r\n\r\n"),
      400,
      "Bad Request",
      "bad_request",
    );
    expectErrorShape(await sendRaw("G@T /api/v1/ping HTTP/1.1\r\nHost: x\r\n\r\n"), 400, "Bad Request", "bad_request");
    expectErrorShape(
      await sendRaw("POST /api/v1/tokens HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n12345"),
      400,
      "Bad Request",
      "bad_request",
    );
  });

  it("answers a missing sitemap or file with the JSON 404, not plain text", async () => {
    for (const target of ["/sitemaps/evil.xml", "/sitemaps/designs-999.xml", "/assets/missing-file.js"]) {
      const response = await server.request(target);
      expect(response.status, target).toBe(404);
      expect(response.body.error.code, target).toBe("not_found");
    }
  });

  it("echoes an unknown field's name without its control characters and shortened", async () => {
    const response = await server.request(`/api/v1/search_suggestions?query=a&%00bad=1&${"k".repeat(500)}=1`);
    expect(response.status).toBe(422);
    const fields = response.body.error.details.map((detail: { field: string }) => detail.field);
    expect(fields).toContain("\uFFFDbad");
    expect(fields.every((field: string) => field.length <= 101 && !field.includes("\u0000"))).toBe(true);
  });

  it("keeps serving after each of them", async () => {
    const response = await get("/api/v1/ping");
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ status: "ok" });
  });
});
