import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-database.ts";
import { getTestServer } from "../../test/test-server.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** A raw TCP connection to the server, with everything it receives and whether it has been closed. */
async function connect(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const connection = { socket, received: "", closed: false };
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    connection.received += chunk;
  });
  socket.on("close", () => {
    connection.closed = true;
  });
  socket.on("error", () => undefined);
  return connection;
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves with how long `promise` took, or rejects when it takes longer than `limitMs`. */
async function timed(promise: Promise<unknown>, limitMs: number): Promise<number> {
  const startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`still waiting after ${limitMs} ms`)), limitMs);
    }),
  ]).finally(() => clearTimeout(timer));
  return Date.now() - startedAt;
}

describe("closing the server", () => {
  it("does not wait for a connection that has not sent a request, nor for an idle keep-alive one", async () => {
    const server = await getTestServer({ database });
    const silent = await connect(server.url);
    const keptAlive = await connect(server.url);
    keptAlive.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
    await waitFor(() => keptAlive.received.includes("\r\n\r\n"), 5000);
    expect(keptAlive.received).toMatch(/^HTTP\/1\.1 200/);

    const elapsed = await timed(server.close(), 3000);
    expect(elapsed).toBeLessThan(1500);
    await waitFor(() => silent.closed && keptAlive.closed, 1000);
  });

  it("lets a request in flight finish, then closes its connection", async () => {
    const server = await getTestServer({ database });
    const body = JSON.stringify({ user: { email: "in-flight@example.com" } });
    const inFlight = await connect(server.url);
    // Headers and half of the body: the request has started and waits for the rest.
    inFlight.socket.write(
      `POST /api/v1/users/forgot_password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    let isClosed = false;
    const closing = server.close().then(() => {
      isClosed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isClosed).toBe(false);
    expect(inFlight.closed).toBe(false);

    inFlight.socket.write(body.slice(10));
    await timed(closing, 3000);
    expect(inFlight.received).toMatch(/^HTTP\/1\.1 200/);
    expect(inFlight.received).toContain("Password reset instructions sent");
    await waitFor(() => inFlight.closed, 1000);
  });
});
