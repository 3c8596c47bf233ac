import crypto from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** Pictures for the upload tests, made on the spot. */

/** A `width` x `height` picture: a blue disc on white (opaque), or on transparency with `transparent`. */
export async function discPicture(
  width: number,
  height: number,
  options: { transparent?: boolean; format?: "png" | "jpeg" | "webp" } = {},
): Promise<Buffer> {
  const radius = Math.floor(Math.min(width, height) / 3);
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${radius}" fill="#1e3cc8"/></svg>`,
  );
  const background = options.transparent ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 255, g: 255, b: 255, alpha: 1 };
  const image = sharp({ create: { width, height, channels: 4, background } }).composite([{ input: disc }]);
  const format = options.format ?? "png";
  if (format === "jpeg") return image.flatten({ background: "#ffffff" }).jpeg({ quality: 90 }).toBuffer();
  if (format === "webp") return image.webp({ lossless: true }).toBuffer();
  return image.png().toBuffer();
}

/** A pure red JPEG stored in CMYK (as print shops' files often are). */
export async function cmykJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 220, g: 20, b: 20 } } })
    .toColourspace("cmyk")
    .jpeg({ quality: 95 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG header claiming `width` x `height` grey pixels whose data is a few hundred
 * bytes of deflated zeros (what a real bomb inflates to gigabytes). Made without ever holding the pixels.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * Math.min(height, 64));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG cut short in its pixel data: its header reads, its pixels do not. */
export async function truncatedPng(width: number, height: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index++) noise[index] = (index * 2654435761) >>> 24;
  const png = await sharp(noise, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return png.subarray(0, Math.floor(png.length / 2));
}

/**
 * A PNG of about `megabytes` MB that stays that large: random RGB pixels barely compress, like a detailed,
 * grainy painting exported at print size (the upload limits' and the benchmarks' worst case).
 */
export async function noisePng(megabytes: number): Promise<Buffer> {
  const side = Math.round(Math.sqrt((megabytes * 1024 * 1024) / 3));
  const pixels = crypto.randomBytes(side * side * 3);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
