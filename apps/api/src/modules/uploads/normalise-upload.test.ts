import { ARTWORK_MIN_PIXELS } from "@threadfolk/contract/studio";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cmykJpeg, discPicture, pngBomb, truncatedPng } from "../../../test/pictures.ts";
import { normaliseUpload, SVG_RASTER_LONG_SIDE } from "./normalise-upload.ts";

const artwork = { purpose: "artwork" } as const;

describe("normaliseUpload", () => {
  it("turns an opaque PNG into an sRGB PNG of the same size, pointing out its white background", async () => {
    const result = await normaliseUpload(await discPicture(800, 600), artwork);
    expect(result).toMatchObject({ ok: true, detectedType: "png", width: 800, height: 600 });
    if (!result.ok) return;
    expect(result).toMatchObject({ hasTransparency: false, opaqueBackground: true });
    const metadata = await sharp(result.png).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 800, height: 600, space: "srgb", channels: 3 });
  });

  it("keeps the alpha channel of art cut out on transparency", async () => {
    const result = await normaliseUpload(await discPicture(700, 700, { transparent: true }), artwork);
    expect(result).toMatchObject({ ok: true, hasTransparency: true, opaqueBackground: false });
    if (result.ok) expect((await sharp(result.png).metadata()).channels).toBe(4);
  });

  it("reads JPEG and WebP by their content", async () => {
    expect(await normaliseUpload(await discPicture(600, 600, { format: "jpeg" }), artwork)).toMatchObject({
      ok: true,
      detectedType: "jpeg",
    });
    expect(await normaliseUpload(await discPicture(600, 600, { format: "webp" }), artwork)).toMatchObject({
      ok: true,
      detectedType: "webp",
    });
  });

  it("converts a CMYK JPEG to sRGB, keeping its colour, and drops its metadata", async () => {
    const input = await cmykJpeg(600, 400);
    expect((await sharp(input).metadata()).space).toBe("cmyk");
    const result = await normaliseUpload(input, artwork);
    expect(result).toMatchObject({ ok: true, detectedType: "jpeg", width: 600, height: 400 });
    if (!result.ok) return;
    const metadata = await sharp(result.png).metadata();
    expect(metadata.space).toBe("srgb");
    expect(metadata.icc).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    const { data } = await sharp(result.png).extract({ left: 300, top: 200, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect(data[0]).toBeGreaterThan(180);
    expect(data[1]).toBeLessThan(80);
    expect(data[2]).toBeLessThan(80);
  });

  it("rasterises a sanitised SVG to print size", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" onload="alert(1)"><script>alert(2)</script><rect x="10" y="10" width="180" height="80" fill="#0a0"/></svg>',
    );
    const result = await normaliseUpload(svg, artwork);
    expect(result).toMatchObject({ ok: true, detectedType: "svg", width: SVG_RASTER_LONG_SIDE, height: 2250 });
    if (result.ok) expect(result.hasTransparency).toBe(true);
  });

  it("refuses with the code the artist is shown", async () => {
    expect(await normaliseUpload(Buffer.from("GIF89a not really"), artwork)).toEqual({
      ok: false,
      detectedType: null,
      code: "unsupported_type",
    });
    expect(await normaliseUpload(pngBomb(30_000, 30_000), artwork)).toEqual({
      ok: false,
      detectedType: "png",
      code: "too_many_pixels",
    });
    expect(await normaliseUpload(await truncatedPng(900, 900), artwork)).toEqual({
      ok: false,
      detectedType: "png",
      code: "unreadable",
    });
    expect(await normaliseUpload(await discPicture(ARTWORK_MIN_PIXELS - 1, 300), artwork)).toEqual({
      ok: false,
      detectedType: "png",
      code: "too_small",
    });
    expect(
      await normaliseUpload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>'), artwork),
    ).toEqual({ ok: false, detectedType: "svg", code: "svg_unsafe" });
  });

  it("accepts a small avatar: the artwork minimum is for print", async () => {
    expect(await normaliseUpload(await discPicture(200, 200), { purpose: "avatar" })).toMatchObject({ ok: true });
  });
});
