import { GARMENT_LAYERS_VERSION, unpackGarmentLayers } from "@threadfolk/contract/mockup-compose";
import { garmentLayersPath } from "@threadfolk/contract/studio-designer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { getGarmentLayers } from "./render-mockup.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe("GET /api/v1/garment_layers/{garment}", () => {
  it("serves the server's own layers, packed, compressed and immutable", async () => {
    const response = await fetch(`${server.url}${garmentLayersPath("hoodie", 240)}`, {
      headers: { "Accept-Encoding": "br" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const layers = unpackGarmentLayers(bytes);
    const expected = await getGarmentLayers("hoodie", 240);
    expect(layers.size).toBe(240);
    for (const key of ["mask", "printMask", "shade", "light", "backdrop"] as const) {
      expect(Buffer.from(layers[key]).equals(Buffer.from(expected[key])), key).toBe(true);
    }
    // The hoodie's drawstrings cover the print.
    expect(layers.printMask === layers.mask).toBe(false);

    const etag = response.headers.get("etag") ?? "";
    const again = await fetch(`${server.url}${garmentLayersPath("hoodie", 240)}`, {
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("answers gzip or plain bytes to clients that take no brotli", async () => {
    const gzip = await fetch(`${server.url}${garmentLayersPath("tee", 240)}`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(unpackGarmentLayers(new Uint8Array(await gzip.arrayBuffer())).size).toBe(240);
    const plain = await fetch(`${server.url}${garmentLayersPath("tee", 240)}`, {
      headers: { "Accept-Encoding": "identity" },
    });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await plain.arrayBuffer()).byteLength).toBe(8 + 240 * 240 * 6);
  });

  it("refuses other sizes, garments and versions", async () => {
    for (const [path, status] of [
      [`/api/v1/garment_layers/tee?size=1024&v=${GARMENT_LAYERS_VERSION}`, 422],
      [`/api/v1/garment_layers/tee?size=abc&v=${GARMENT_LAYERS_VERSION}`, 422],
      ["/api/v1/garment_layers/tee?size=240", 422],
      [`/api/v1/garment_layers/sweater?size=240&v=${GARMENT_LAYERS_VERSION}`, 422],
      [`/api/v1/garment_layers/tee?size=240&v=${GARMENT_LAYERS_VERSION}&x=1`, 422],
      [`/api/v1/garment_layers/tee?size=240&v=${GARMENT_LAYERS_VERSION + 1}`, 404],
    ] as const) {
      const response = await server.request(path);
      expect(response.status, path).toBe(status);
      expect(response.body.error, path).toBeDefined();
    }
  });
});
