/**
 * The SVG sanitiser (decision 036): an uploaded SVG is re-written from an allow-list before it is rasterised,
 * so nothing in it can run, load anything from outside, or blow up while being parsed. It tokenises the text
 * itself (no XML parser that would honour a DTD), keeps only drawing elements and their presentation
 * attributes, and serialises what is left afresh. Dropped:
 * - the DOCTYPE with its internal subset (so no entity is ever declared: `&lol9;` and friends expand to
 *   nothing), processing instructions (`<?xml-stylesheet?>`), comments;
 * - every element not on the list, with its subtree: `script`, `foreignObject`, `iframe`, `animate`/`set`
 *   (which can rewrite an href), `feImage`, anything namespaced (`sodipodi:`, `inkscape:`, `html:`);
 * - event handlers (`on*`), attributes from other namespaces, `href`/`xlink:href` other than an internal
 *   `#id` (or, on `<image>`, an embedded PNG/JPEG/WebP `data:` URI: a raster cannot carry script, an SVG
 *   could, so `data:image/svg+xml` goes too), any `url(...)` that is not `url(#id)`, `javascript:`;
 * - in CSS (`style` attributes and `<style>` elements): `@import`, external `url()`, and any escape.
 * A link `<a>` becomes a plain group. What remains must still draw something, else the SVG is refused.
 */

export type SanitizedSvg = { ok: true; svg: string } | { ok: false; code: "svg_unsafe" | "unreadable" };

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const XLINK_NAMESPACE = "http://www.w3.org/1999/xlink";
/** Deeper than any drawing needs; a pathological nesting is refused rather than walked. */
const MAX_DEPTH = 256;
const MAX_ELEMENTS = 500_000;

const ALLOWED_ELEMENTS = new Set([
  "svg",
  "g",
  "defs",
  "symbol",
  "use",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "textPath",
  "image",
  "title",
  "desc",
  "style",
  "linearGradient",
  "radialGradient",
  "stop",
  "pattern",
  "clipPath",
  "mask",
  "marker",
  "filter",
  "feBlend",
  "feColorMatrix",
  "feComponentTransfer",
  "feComposite",
  "feConvolveMatrix",
  "feDiffuseLighting",
  "feDisplacementMap",
  "feDistantLight",
  "feDropShadow",
  "feFlood",
  "feFuncA",
  "feFuncB",
  "feFuncG",
  "feFuncR",
  "feGaussianBlur",
  "feMerge",
  "feMergeNode",
  "feMorphology",
  "feOffset",
  "fePointLight",
  "feSpecularLighting",
  "feSpotLight",
  "feTile",
  "feTurbulence",
]);

/** Elements that put ink on the page: at least one must survive. */
const DRAWING_ELEMENTS = new Set([
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "image",
  "use",
]);
/** Elements whose text content is kept (everything else's text is white space or noise). */
const TEXT_ELEMENTS = new Set(["text", "tspan", "textPath", "title", "desc", "style"]);
/** The attributes with a namespace prefix that are kept (the namespace declarations are written afresh). */
const ALLOWED_PREFIXED_ATTRIBUTES = new Set(["xlink:href", "xml:space"]);

const INTERNAL_REF = /^#[A-Za-z_][\w.:-]*$/;
const RASTER_DATA_URI = /^data:image\/(png|jpeg|jpg|webp);base64,[A-Za-z0-9+/=\s]+$/i;
const URL_FUNCTION = /url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi;
const DANGEROUS_VALUE = /javascript:|vbscript:|expression\s*\(|-moz-binding|behavior\s*:/i;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decodes the five XML entities and character references; any other (undeclared) entity is dropped. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z_][\w.-]*);/g, (_match, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      const isXmlChar =
        code === 0x9 ||
        code === 0xa ||
        code === 0xd ||
        (code >= 0x20 && code <= 0xd7ff) ||
        (code >= 0xe000 && code <= 0xfffd) ||
        (code >= 0x10000 && code <= 0x10ffff);
      return isXmlChar ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[name] ?? "";
  });
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, "&quot;");
}

/** Every `url(...)` in the value points inside the document. */
function hasOnlyInternalUrls(value: string): boolean {
  for (const match of value.matchAll(URL_FUNCTION)) {
    if (!INTERNAL_REF.test((match[2] ?? "").trim())) return false;
  }
  // An unbalanced `url(` the pattern did not match is not trusted either.
  const opened = value.match(/url\s*\(/gi)?.length ?? 0;
  const matched = [...value.matchAll(URL_FUNCTION)].length;
  return opened === matched;
}

/** CSS kept only when nothing in it reaches outside: no imports, no external urls, no escapes to hide them. */
function isSafeCss(css: string): boolean {
  if (css.includes("\\") || /@import/i.test(css) || DANGEROUS_VALUE.test(css)) return false;
  return hasOnlyInternalUrls(css);
}

/** A `<style>` element's text with `@import` rules and external urls taken out, or undefined when still unsafe. */
function cleanStyleSheet(css: string): string | undefined {
  const cleaned = css
    .replace(/@import[^;]*;?/gi, "")
    .replace(URL_FUNCTION, (match, _quote, target: string) => (INTERNAL_REF.test(target.trim()) ? match : "none"));
  return isSafeCss(cleaned) ? cleaned : undefined;
}

function keepAttribute(element: string, name: string, value: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower.startsWith("on")) return undefined;
  if (lower === "xmlns" || lower.startsWith("xmlns:")) return undefined;
  if (name.includes(":") && !ALLOWED_PREFIXED_ATTRIBUTES.has(name)) return undefined;
  if (lower === "href" || lower === "xlink:href") {
    const target = value.trim();
    if (INTERNAL_REF.test(target)) return target;
    if (element === "image" && RASTER_DATA_URI.test(target)) return target.replace(/\s+/g, "");
    return undefined;
  }
  // `a`'s other link attributes, and anything naming a script or a resource.
  if (["src", "action", "formaction", "target", "download", "ping", "attributename"].includes(lower)) return undefined;
  if (lower === "style") return isSafeCss(value) ? value : undefined;
  if (DANGEROUS_VALUE.test(value) || /data:/i.test(value)) return undefined;
  if (/url\s*\(/i.test(value) && !hasOnlyInternalUrls(value)) return undefined;
  return value;
}

type Attribute = { name: string; value: string };

/** Reads the attributes of a start tag's inside (`name="value" ...`); undefined when malformed. */
function parseAttributes(source: string): Attribute[] | undefined {
  const attributes: Attribute[] = [];
  const pattern = /\s*([^\s=/>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)')|\s*(\S)/gy;
  let match = pattern.exec(source);
  while (match) {
    if (match[4] !== undefined) return undefined;
    attributes.push({ name: match[1] as string, value: decodeEntities(match[2] ?? match[3] ?? "") });
    match = pattern.exec(source);
  }
  return attributes;
}

/** Index of the `>` that closes the tag starting at `from`, skipping quoted attribute values. */
function findTagEnd(text: string, from: number): number {
  let quote: string | undefined;
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === ">") {
      return index;
    } else if (char === "<") {
      return -1;
    }
  }
  return -1;
}

/** Index just past a DOCTYPE starting at `from` (internal subset in brackets included), or -1. */
function findDoctypeEnd(text: string, from: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === "[") {
      depth++;
    } else if (char === "]") {
      depth--;
    } else if (char === ">" && depth <= 0) {
      return index + 1;
    }
  }
  return -1;
}

/** The sanitised SVG text, ready for the rasteriser; see the module comment for what goes. */
export function sanitizeSvg(input: string): SanitizedSvg {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const output: string[] = [];
  /** Open elements: their name and whether they are written out. */
  const stack: Array<{ name: string; kept: boolean }> = [];
  let sawRoot = false;
  let drawing = 0;
  let elements = 0;
  let usesXlink = false;
  let index = 0;

  const inKeptElement = () => stack.length > 0 && stack.every((entry) => entry.kept);

  while (index < text.length) {
    if (text.startsWith("<!--", index)) {
      const end = text.indexOf("-->", index + 4);
      if (end < 0) return { ok: false, code: "unreadable" };
      index = end + 3;
    } else if (text.startsWith("<![CDATA[", index)) {
      const end = text.indexOf("]]>", index + 9);
      if (end < 0) return { ok: false, code: "unreadable" };
      const top = stack.at(-1);
      if (top && inKeptElement() && TEXT_ELEMENTS.has(top.name)) output.push(escapeText(text.slice(index + 9, end)));
      index = end + 3;
    } else if (text.startsWith("<!", index)) {
      const end = findDoctypeEnd(text, index + 2);
      if (end < 0) return { ok: false, code: "unreadable" };
      index = end;
    } else if (text.startsWith("<?", index)) {
      const end = text.indexOf("?>", index + 2);
      if (end < 0) return { ok: false, code: "unreadable" };
      index = end + 2;
    } else if (text.startsWith("</", index)) {
      const end = text.indexOf(">", index + 2);
      if (end < 0) return { ok: false, code: "unreadable" };
      const name = text.slice(index + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) return { ok: false, code: "unreadable" };
      if (open.kept && stack.every((entry) => entry.kept)) output.push(`</${open.name === "a" ? "g" : open.name}>`);
      index = end + 1;
    } else if (text[index] === "<") {
      const end = findTagEnd(text, index + 1);
      if (end < 0) return { ok: false, code: "unreadable" };
      let inside = text.slice(index + 1, end);
      const selfClosing = inside.endsWith("/");
      if (selfClosing) inside = inside.slice(0, -1);
      const nameMatch = /^[^\s/>]+/.exec(inside);
      if (!nameMatch) return { ok: false, code: "unreadable" };
      const name = nameMatch[0];
      const attributes = parseAttributes(inside.slice(name.length));
      if (!attributes) return { ok: false, code: "unreadable" };
      if (!sawRoot) {
        if (name !== "svg") return { ok: false, code: "unreadable" };
        sawRoot = true;
      } else if (stack.length === 0) {
        // Content after the root element.
        return { ok: false, code: "unreadable" };
      }
      elements++;
      if (elements > MAX_ELEMENTS || stack.length >= MAX_DEPTH) return { ok: false, code: "svg_unsafe" };
      const parentKept = stack.every((entry) => entry.kept);
      const kept = parentKept && (ALLOWED_ELEMENTS.has(name) || name === "a");
      if (kept) {
        const written = name === "a" ? "g" : name;
        const parts = [written];
        if (stack.length === 0) parts.push(`xmlns="${SVG_NAMESPACE}"`);
        for (const attribute of attributes) {
          if (name === "a" && /href$/i.test(attribute.name)) continue;
          const value = keepAttribute(name, attribute.name, attribute.value);
          if (value === undefined) continue;
          if (attribute.name === "xlink:href") usesXlink = true;
          parts.push(`${attribute.name}="${escapeAttribute(value)}"`);
        }
        if (DRAWING_ELEMENTS.has(name)) drawing++;
        output.push(`<${parts.join(" ")}${selfClosing ? "/" : ""}>`);
      }
      if (!selfClosing) stack.push({ name, kept });
      index = end + 1;
    } else {
      const next = text.indexOf("<", index);
      const end = next < 0 ? text.length : next;
      const top = stack.at(-1);
      if (top && inKeptElement() && TEXT_ELEMENTS.has(top.name)) {
        output.push(escapeText(decodeEntities(text.slice(index, end))));
      } else if (!top && text.slice(index, end).trim() !== "") {
        return { ok: false, code: "unreadable" };
      }
      index = end;
    }
  }
  if (!sawRoot || stack.length > 0) return { ok: false, code: "unreadable" };

  // Style sheets are cleaned as a whole once their text is known.
  let svg = output.join("");
  svg = svg.replace(/<style([^>]*)>([\s\S]*?)<\/style>/g, (_match, attributes: string, css: string) => {
    const cleaned = cleanStyleSheet(css.replace(/&gt;/g, ">").replace(/&lt;/g, "<").replace(/&amp;/g, "&"));
    return cleaned === undefined ? "" : `<style${attributes}>${escapeText(cleaned)}</style>`;
  });
  if (usesXlink) svg = svg.replace(/^<svg /, `<svg xmlns:xlink="${XLINK_NAMESPACE}" `);
  if (drawing === 0) return { ok: false, code: "svg_unsafe" };
  return { ok: true, svg };
}
