import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SVG_SNIFF_BYTES, sniffUploadType } from "./sniff-type.ts";

const pixel = () => sharp({ create: { width: 4, height: 4, channels: 3, background: "#c03" } });

describe("sniffUploadType", () => {
  it("knows each accepted type from its content", async () => {
    expect(sniffUploadType(await pixel().png().toBuffer())).toBe("png");
    expect(sniffUploadType(await pixel().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffUploadType(await pixel().webp().toBuffer())).toBe("webp");
    expect(
      sniffUploadType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>')),
    ).toBe("svg");
  });

  it("reads an SVG behind a byte-order mark, an XML declaration, comments and a DOCTYPE", () => {
    const svg = [
      "\ufeff",
      '<?xml version="1.0" encoding="UTF-8"?>\n',
      "<!-- Generator: Adobe Illustrator -->\n",
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n',
      '<!DOCTYPE x [ <!ENTITY a "b"> ]>',
      '<svg\n  width="10">',
    ].join("");
    expect(sniffUploadType(Buffer.from(svg))).toBe("svg");
  });

  it("refuses look-alikes: other formats, truncated signatures, other RIFF forms, HTML and XML holding an svg", async () => {
    expect(sniffUploadType(await pixel().gif().toBuffer())).toBeUndefined();
    expect(sniffUploadType(await pixel().tiff().toBuffer())).toBeUndefined();
    expect(sniffUploadType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeUndefined();
    expect(sniffUploadType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00]))).toBeUndefined();
    expect(sniffUploadType(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(sniffUploadType(Buffer.from("RIFF\x24\x00\x00\x00WAVEfmt ", "latin1"))).toBeUndefined();
    expect(sniffUploadType(Buffer.from("RIFF\x24\x00\x00\x00AVI LIST", "latin1"))).toBeUndefined();
    expect(sniffUploadType(Buffer.from("<!doctype html><html><body><svg></svg></body></html>"))).toBeUndefined();
    expect(sniffUploadType(Buffer.from('<?xml version="1.0"?><root><svg/></root>'))).toBeUndefined();
    expect(sniffUploadType(Buffer.from("<svgfoo/>"))).toBeUndefined();
    expect(sniffUploadType(Buffer.from("%PDF-1.7\n"))).toBeUndefined();
    expect(sniffUploadType(Buffer.alloc(0))).toBeUndefined();
  });

  it("ignores the name a file was given: a JPEG renamed .png is a JPEG, a text file renamed .svg nothing", async () => {
    // The sniffer has no name to look at; these are the bytes of renamed files.
    const jpegNamedPng = await pixel().jpeg().toBuffer();
    expect(sniffUploadType(jpegNamedPng)).toBe("jpeg");
    expect(sniffUploadType(Buffer.from("just some notes.svg\n"))).toBeUndefined();
  });

  it("looks for the svg root only near the start", () => {
    const late = `<!--${"x".repeat(SVG_SNIFF_BYTES)}--><svg/>`;
    expect(sniffUploadType(Buffer.from(late))).toBeUndefined();
  });
});
