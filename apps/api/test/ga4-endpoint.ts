import http from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedGa4Request = { url: URL; body: unknown };

export type LocalGa4Endpoint = {
  /** The collection URL (`…/mp/collect`), for ANALYTICS_GA4_ENDPOINT. */
  url: string;
  received: RecordedGa4Request[];
  /** The status every following request is answered with (204 at first). */
  status: number;
  close(): Promise<void>;
};

/** A local stand-in for GA4's collection endpoint: records every request, answers with the status set. */
export async function startGa4Endpoint(): Promise<LocalGa4Endpoint> {
  const received: RecordedGa4Request[] = [];
  const endpoint: LocalGa4Endpoint = {
    url: "",
    received,
    status: 204,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        url: new URL(request.url ?? "/", "http://127.0.0.1"),
        body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "null"),
      });
      response.statusCode = endpoint.status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mp/collect`;
  return endpoint;
}
