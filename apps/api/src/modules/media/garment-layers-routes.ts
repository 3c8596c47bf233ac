import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { GARMENT_LAYERS_VERSION, packGarmentLayers } from "@threadfolk/contract/mockup-compose";
import { garmentLayersParamsSchema, garmentLayersQuerySchema } from "@threadfolk/contract/studio-designer";
import type { FastifyInstance } from "fastify";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Garment } from "./media-keys.ts";
import { getGarmentLayers } from "./render-mockup.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type PackedLayers = { raw: Buffer; br: Buffer; gzip: Buffer; etag: string };
const packedCache = new Map<string, Promise<PackedLayers>>();

async function buildPacked(garment: Garment, size: number): Promise<PackedLayers> {
  const packed = packGarmentLayers(await getGarmentLayers(garment, size));
  const raw = Buffer.from(packed.buffer, packed.byteOffset, packed.length);
  // Compressed once per garment and size, at the best ratio: smooth greys shrink to a fraction.
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: 9 }),
  ]);
  const etag = `"${createHash("sha256").update(raw).digest("base64url").slice(0, 32)}"`;
  return { raw, br, gzip: gz, etag };
}

function packedLayers(garment: Garment, size: number): Promise<PackedLayers> {
  const key = `${garment}:${size}`;
  let packed = packedCache.get(key);
  if (!packed) {
    packed = buildPacked(garment, size);
    packedCache.set(key, packed);
    packed.catch(() => packedCache.delete(key));
  }
  return packed;
}

/**
 * `GET /api/v1/garment_layers/{garment}?size=&v=`: a garment's colour-free layers, packed
 * (`packGarmentLayers`), for the studio's colour grid, which composites the 19 colours in the browser with
 * the server's own code (decision 039). Public (the drawings are ours, not an artist's), small sizes only,
 * compressed once, and immutable: the URL carries the layers' version, and any other version is a 404.
 */
export async function garmentLayerRoutes(app: FastifyInstance): Promise<void> {
  app.get("/garment_layers/:garment", async (request, reply) => {
    const { garment } = parseInput(garmentLayersParamsSchema, request.params, "params");
    const { size, v } = parseInput(garmentLayersQuerySchema, request.query, "query");
    if (v !== String(GARMENT_LAYERS_VERSION)) throw AppError.notFound("Garment layers");
    const packed = await packedLayers(garment, size);
    reply
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("ETag", packed.etag)
      .header("Vary", "Accept-Encoding")
      .type("application/octet-stream");
    if (request.headers["if-none-match"] === packed.etag) return reply.status(304).send();
    const accepted = String(request.headers["accept-encoding"] ?? "");
    if (/\bbr\b/.test(accepted)) return reply.header("Content-Encoding", "br").send(packed.br);
    if (/\bgzip\b/.test(accepted)) return reply.header("Content-Encoding", "gzip").send(packed.gzip);
    return reply.send(packed.raw);
  });
}
