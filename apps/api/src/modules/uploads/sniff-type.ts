import type { UploadType } from "@threadfolk/contract/studio";

/** How far into the file an SVG's root element may start (after the XML declaration, comments, a DOCTYPE). */
export const SVG_SNIFF_BYTES = 8192;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function startsWith(bytes: Buffer, signature: Buffer | number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  for (let index = 0; index < signature.length; index++) {
    if (bytes[at + index] !== signature[index]) return false;
  }
  return true;
}

/**
 * Whether the text starts like an SVG document: optional byte-order mark and white space, an optional XML
 * declaration, comments and a DOCTYPE, then the root element `<svg` (with or without a namespace prefix
 * would be too loose: only the plain name). An HTML page or any other XML document with an `<svg>` inside
 * is not an SVG.
 */
function looksLikeSvg(bytes: Buffer): boolean {
  let text = bytes.subarray(0, SVG_SNIFF_BYTES).toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let index = 0;
  for (;;) {
    while (index < text.length && /\s/.test(text[index] as string)) index++;
    if (text.startsWith("<?xml", index)) {
      const end = text.indexOf("?>", index);
      if (end < 0) return false;
      index = end + 2;
    } else if (text.startsWith("<!--", index)) {
      const end = text.indexOf("-->", index + 4);
      if (end < 0) return false;
      index = end + 3;
    } else if (text.startsWith("<!DOCTYPE", index)) {
      // A DOCTYPE may hold an internal subset in brackets: skip to the `]>` or, without one, the first `>`.
      const bracket = text.indexOf("[", index);
      const close = text.indexOf(">", index);
      if (close < 0) return false;
      if (bracket >= 0 && bracket < close) {
        const end = text.indexOf("]>", bracket);
        if (end < 0) return false;
        index = end + 2;
      } else {
        index = close + 1;
      }
    } else {
      return /^<svg[\s>/]/.test(text.slice(index, index + 5));
    }
  }
}

/**
 * The picture type of an upload, from its first bytes only (never its name or the browser's content type):
 * PNG's eight-byte signature, JPEG's SOI marker followed by a marker, WebP's RIFF container with the WEBP
 * form type, or an SVG document. Anything else (GIF, HEIC, PDF, a RIFF WAVE, HTML, text) is undefined.
 */
export function sniffUploadType(bytes: Buffer): UploadType | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, Buffer.from("RIFF", "latin1")) && startsWith(bytes, Buffer.from("WEBP", "latin1"), 8)) {
    return "webp";
  }
  if (looksLikeSvg(bytes)) return "svg";
  return undefined;
}
