import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * Lets the app close without waiting for idle clients. Node's server.close() ends the keep-alive connections
 * that sit idle after a request, but it counts a connection that has not sent its first request yet as busy
 * (browsers and fetch open connections ahead of use), so close() waited for the client to give up: up to
 * the 72 s keep-alive timeout, or until main's 10 s shutdown deadline. Here each socket's requests in
 * flight are counted; on close, sockets with none are destroyed at once, and the others are ended as soon
 * as their last response is sent, so in-flight requests still finish.
 */
export function closeIdleConnectionsOnShutdown(app: FastifyInstance): void {
  const requestsInFlight = new Map<Socket, number>();
  let isClosing = false;

  app.server.on("connection", (socket: Socket) => {
    requestsInFlight.set(socket, 0);
    socket.once("close", () => requestsInFlight.delete(socket));
  });
  app.server.on("request", (request, response) => {
    const socket: Socket = request.socket;
    requestsInFlight.set(socket, (requestsInFlight.get(socket) ?? 0) + 1);
    response.once("close", () => {
      const count = requestsInFlight.get(socket);
      if (count === undefined) return;
      const remaining = Math.max(0, count - 1);
      requestsInFlight.set(socket, remaining);
      if (isClosing && remaining === 0) socket.end();
    });
  });

  app.addHook("preClose", async () => {
    isClosing = true;
    for (const [socket, count] of requestsInFlight) {
      if (count === 0) socket.destroy();
    }
  });
}
