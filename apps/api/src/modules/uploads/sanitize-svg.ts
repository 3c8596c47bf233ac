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
 * - in CSS (`style` attributes and `<style>` elements): every property not on CSS_PROPERTIES, at-rules
 *   (`@import`, `@font-face`), rules with unusual selectors, external `url()`, and any value with an escape.
 * A link `<a>` becomes a plain group. What remains must still draw something, else the SVG is refused.
 *
 * Then the rasteriser's work is bounded (decision 056): past any of SVG_LIMITS (nesting, elements, elements
 * drawn once `<use>` and the other references are expanded, filter cost) the file is `too_complex`. Every
 * step is linear in the input: one pass over the text keeping only the innermost open element, one walk of
 * the element graph.
 */

export type SanitizedSvg = { ok: true; svg: string } | { ok: false; code: "svg_unsafe" | "unreadable" | "too_complex" };

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const XLINK_NAMESPACE = "http://www.w3.org/1999/xlink";

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
const DANGEROUS_VALUE = /javascript:|vbscript:|expression\s*\(|-moz-binding|behavior\s*:/i;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * The CSS properties kept, in `style` attributes and style sheets: painting, text and geometry a print needs.
 * Anything else (`background`, `behavior`, `content`, custom properties, ...) is dropped.
 */
const CSS_PROPERTIES = new Set([
  "alignment-baseline",
  "baseline-shift",
  "clip-path",
  "clip-rule",
  "color",
  "color-interpolation",
  "color-interpolation-filters",
  "direction",
  "display",
  "dominant-baseline",
  "fill",
  "fill-opacity",
  "fill-rule",
  "filter",
  "flood-color",
  "flood-opacity",
  "font",
  "font-family",
  "font-size",
  "font-stretch",
  "font-style",
  "font-variant",
  "font-weight",
  "image-rendering",
  "isolation",
  "letter-spacing",
  "lighting-color",
  "marker",
  "marker-end",
  "marker-mid",
  "marker-start",
  "mask",
  "mix-blend-mode",
  "opacity",
  "overflow",
  "paint-order",
  "shape-rendering",
  "stop-color",
  "stop-opacity",
  "stroke",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-opacity",
  "stroke-width",
  "text-anchor",
  "text-decoration",
  "text-rendering",
  "transform",
  "transform-box",
  "transform-origin",
  "vector-effect",
  "visibility",
  "white-space",
  "word-spacing",
  "writing-mode",
]);
/**
 * Properties whose `url(#id)` draws another element's content for each element they apply to. A style sheet's
 * selector may apply them to any number of elements, which the complexity count below cannot know, so style
 * sheets may not set them (a `style` attribute or a presentation attribute may: it is counted).
 */
const INSTANCING_PROPERTIES = new Set(["filter", "marker", "marker-start", "marker-mid", "marker-end", "mask"]);
const GRADIENTS = new Set(["linearGradient", "radialGradient"]);
/** Elements that draw nothing where they stand. */
const TEMPLATES = new Set(["defs", "symbol", "pattern", "mask", "clipPath", "marker", "filter", ...GRADIENTS]);
/** Elements whose content is drawn again wherever they are referenced. */
const INSTANCED_ELEMENTS = new Set(["pattern", "mask", "clipPath", "marker", "symbol", "filter"]);

/**
 * Documented limits of what the rasteriser is given (decision 056). Past any of them the file is refused as
 * too complex (`too_complex`) before librsvg sees it.
 */
export const SVG_LIMITS = {
  /** Elements nested in one another, counted through `<use>` and other references as well. */
  maxDepth: 64,
  /** Elements in the file as written. */
  maxElements: 200_000,
  /**
   * Elements drawn once every `<use>`, pattern, mask, clip path and marker is expanded (each copy counts).
   * librsvg draws 20,000 small shapes at 4500 px in about 10 s on a busy 2-core machine; past that, a PNG.
   */
  maxRenderedElements: 20_000,
  /**
   * Filter primitive runs over the whole drawing: each element drawn with a filter costs the filter's primitives
   * (a morphology or convolution with a large kernel and a many-octave turbulence cost more; see filterWeight).
   */
  maxFilterCost: 32,
} as const;

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

/**
 * The ids named by the value's `url(...)`s, or undefined when one of them points outside the document or is
 * unbalanced. One pass: each `url(` is matched with the next `)`, and the scan goes on after it.
 */
function internalUrlTargets(value: string): string[] | undefined {
  const targets: string[] = [];
  const opener = /url\s*\(/gi;
  let match = opener.exec(value);
  while (match) {
    const close = value.indexOf(")", opener.lastIndex);
    if (close < 0) return undefined;
    let target = value.slice(opener.lastIndex, close).trim();
    const quote = target[0];
    if ((quote === '"' || quote === "'") && target.length >= 2 && target.endsWith(quote)) {
      target = target.slice(1, -1).trim();
    }
    if (!INTERNAL_REF.test(target)) return undefined;
    targets.push(target.slice(1));
    opener.lastIndex = close + 1;
    match = opener.exec(value);
  }
  return targets;
}

/** A CSS value that reaches nothing outside: no escapes to hide things behind, no script, only `url(#id)`. */
function isSafeCssValue(value: string): boolean {
  if (/[\\<>@{}]/.test(value) || DANGEROUS_VALUE.test(value) || /data:/i.test(value)) return false;
  return internalUrlTargets(value) !== undefined;
}

type Declaration = { property: string; text: string };

/** The allowed, safe declarations of a declaration list (`fill: red; stroke: blue`), each as written. */
function filterDeclarations(list: string): Declaration[] {
  const kept: Declaration[] = [];
  for (const part of list.split(";")) {
    const colon = part.indexOf(":");
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (!CSS_PROPERTIES.has(property) || value === "" || !isSafeCssValue(value)) continue;
    kept.push({ property, text: part.trim() });
  }
  return kept;
}

/** Removes CSS comments in one pass; an unclosed comment ends the text. */
function stripCssComments(css: string): string {
  const parts: string[] = [];
  let index = 0;
  for (;;) {
    const open = css.indexOf("/*", index);
    if (open < 0) {
      parts.push(css.slice(index));
      break;
    }
    parts.push(css.slice(index, open));
    const close = css.indexOf("*/", open + 2);
    if (close < 0) break;
    index = close + 2;
  }
  return parts.join(" ");
}

const SAFE_SELECTOR = /^[A-Za-z0-9_\-\s.#,*>+~:()]+$/;

/**
 * A `<style>` element's text rebuilt from its plain rules only: at-rules (`@import`, `@font-face`, `@media`)
 * go, a rule whose selector uses anything beyond names, classes, ids and combinators goes, and each rule keeps
 * only its allowed declarations. `isDrawingTarget(id)` says whether an id names a pattern or another element
 * drawn per reference: a sheet may not point at those (see INSTANCING_PROPERTIES). Linear in the text.
 */
function cleanStyleSheet(css: string, isInstancedTarget: (id: string) => boolean): string {
  const text = stripCssComments(css);
  const rules: string[] = [];
  let index = 0;
  let semicolon = -1;
  while (index < text.length) {
    const open = text.indexOf("{", index);
    // Remembered between rules, so a sheet without semicolons is not scanned once per rule.
    if (semicolon !== Number.POSITIVE_INFINITY && semicolon < index) {
      semicolon = text.indexOf(";", index);
      if (semicolon < 0) semicolon = Number.POSITIVE_INFINITY;
    }
    const head = text.slice(index, open < 0 ? text.length : open).trim();
    const statementEnds = semicolon !== Number.POSITIVE_INFINITY && (open < 0 || semicolon < open);
    if (head.startsWith("@") || statementEnds) {
      // An at-rule: a statement up to its `;`, or a block (nested ones too, as in @media) skipped whole.
      if (statementEnds) {
        index = semicolon + 1;
        continue;
      }
      if (open < 0) break;
      let depth = 1;
      let cursor = open + 1;
      while (cursor < text.length && depth > 0) {
        const char = text[cursor];
        if (char === "{") depth++;
        else if (char === "}") depth--;
        cursor++;
      }
      index = cursor;
      continue;
    }
    if (open < 0) break;
    const close = text.indexOf("}", open + 1);
    if (close < 0) break;
    const body = text.slice(open + 1, close);
    index = close + 1;
    if (body.includes("{") || !SAFE_SELECTOR.test(head)) continue;
    const declarations = filterDeclarations(body).filter(
      (declaration) =>
        !INSTANCING_PROPERTIES.has(declaration.property) &&
        !(internalUrlTargets(declaration.text) ?? []).some(isInstancedTarget),
    );
    if (declarations.length > 0) rules.push(`${head}{${declarations.map((entry) => entry.text).join("; ")}}`);
  }
  return rules.join("\n");
}

/** What a kept attribute asks the renderer to draw besides the element itself. */
type References = { content: string[]; filter: string[]; markers: string[] };

/** Records the ids that a property (attribute or CSS) named `property` with value `value` draws. */
function collectReferences(reference: () => References, property: string, value: string): void {
  const targets = internalUrlTargets(value);
  if (!targets || targets.length === 0) return;
  const references = reference();
  if (property === "filter") references.filter.push(...targets);
  else if (property.startsWith("marker")) references.markers.push(...targets);
  else references.content.push(...targets);
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
  if (lower === "style") {
    const declarations = filterDeclarations(value);
    return declarations.length > 0 ? declarations.map((entry) => entry.text).join("; ") : undefined;
  }
  if (DANGEROUS_VALUE.test(value) || /data:/i.test(value)) return undefined;
  if (/url\s*\(/i.test(value) && internalUrlTargets(value) === undefined) return undefined;
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

/** One kept element, for the complexity count. */
type Node = {
  name: string;
  /** Kept child elements; undefined for none (most elements are leaves). */
  children: number[] | undefined;
  /** Undefined when the element references nothing (most do not). */
  references: References | undefined;
  /** Points of a path or polyline (a marker is drawn at each). */
  vertices: number;
  /** The weight of a filter primitive (see filterWeight); 0 for other elements. */
  primitiveWeight: number;
};

function numberAttribute(attributes: Attribute[], name: string): number[] {
  const value = attributes.find((attribute) => attribute.name === name)?.value ?? "";
  return (value.match(/-?\d*\.?\d+/g) ?? []).slice(0, 4).map(Number);
}

/**
 * What one run of a filter primitive costs, relative to a blur over the filter region: a morphology's cost grows
 * with the square of its radius, a convolution with its kernel, a turbulence with its octaves.
 */
function filterWeight(name: string, attributes: Attribute[]): number {
  if (!name.startsWith("fe") || name.startsWith("feFunc") || name === "feMergeNode" || name.endsWith("Light")) {
    return 0;
  }
  if (name === "feMorphology") {
    const radius = Math.max(1, ...numberAttribute(attributes, "radius").map(Math.abs));
    return 1 + Math.min(1_000, (radius * radius) / 16);
  }
  if (name === "feConvolveMatrix") {
    const [x = 3, y = x] = numberAttribute(attributes, "order");
    return Math.max(1, Math.min(1_000, (Math.abs(x) * Math.abs(y)) / 9));
  }
  if (name === "feTurbulence") {
    const [octaves = 1] = numberAttribute(attributes, "numOctaves");
    return Math.max(1, Math.min(1_000, Math.abs(octaves)));
  }
  if (name === "feDiffuseLighting" || name === "feSpecularLighting") return 2;
  return 1;
}

/** Counts the numbers of a path's `d` or a polyline's `points`: half of them are vertices (an estimate). */
function vertexCount(name: string, attributes: Attribute[]): number {
  const data = attributes.find((attribute) => attribute.name === (name === "path" ? "d" : "points"))?.value;
  if (data === undefined) return name === "line" ? 2 : 1;
  let numbers = 0;
  for (const _match of data.matchAll(/\d+/g)) numbers++;
  return Math.max(1, Math.ceil(numbers / 2));
}

type Complexity = { ok: true } | { ok: false; code: "too_complex" };

/**
 * Walks the kept elements as the renderer will, through every reference, without recursion (a chain of uses
 * can be as long as the file): each element counts once per copy drawn, its filter costs its primitives per
 * copy, and a reference loop is refused. Counts stop growing past the limits, so no number overflows.
 */
function measureComplexity(nodes: Node[], ids: Map<string, number>): Complexity {
  const cap = SVG_LIMITS.maxRenderedElements + 1;
  const filterCap = SVG_LIMITS.maxFilterCost + 1;
  const count = new Float64Array(nodes.length);
  const filterCost = new Float64Array(nodes.length);
  const depth = new Int32Array(nodes.length);
  /** 0 unvisited, 1 on the current path (so met again: a reference loop), 2 measured. */
  const state = new Uint8Array(nodes.length);
  const none: number[] = [];
  const resolve = (targets: string[] | undefined): number[] => {
    if (!targets || targets.length === 0) return none;
    const found: number[] = [];
    for (const id of targets) {
      const index = ids.get(id);
      if (index !== undefined) found.push(index);
    }
    return found;
  };
  const content = nodes.map((node) => resolve(node.references?.content));
  const filters = nodes.map((node) => resolve(node.references?.filter));
  const markers = nodes.map((node) => resolve(node.references?.markers));
  /** A filter's weight: the sum of its primitives'. */
  const filterWeight = (index: number): number => {
    let weight = 0;
    for (const child of nodes[index]?.children ?? []) weight += nodes[child]?.primitiveWeight ?? 0;
    return Math.max(1, weight);
  };

  const stack = [0];
  while (stack.length > 0) {
    const index = stack[stack.length - 1] as number;
    const node = nodes[index] as Node;
    if (state[index] === 2) {
      stack.pop();
      continue;
    }
    const children = node.children ?? none;
    const targets = [children, content[index] as number[], filters[index] as number[], markers[index] as number[]];
    if (state[index] === 0) {
      state[index] = 1;
      for (const list of targets) {
        for (const target of list) {
          if (state[target] === 1) return { ok: false, code: "too_complex" };
          if (state[target] === 0) stack.push(target);
        }
      }
      continue;
    }
    // Every target is measured by now: this element's copies, filter runs and depth follow from theirs.
    let total = 1;
    let cost = 0;
    let deepest = 0;
    for (const list of targets) {
      for (const target of list) deepest = Math.max(deepest, depth[target] as number);
    }
    for (const child of children) {
      // A definition (defs, symbol, pattern, gradient, ...) draws nothing where it stands, only where referenced.
      if (TEMPLATES.has(nodes[child]?.name ?? "")) continue;
      total += count[child] as number;
      cost += filterCost[child] as number;
    }
    for (const target of content[index] as number[]) {
      // A gradient is drawn as a fill, not as copies of its stops.
      if (GRADIENTS.has(nodes[target]?.name ?? "")) continue;
      total += count[target] as number;
      cost += filterCost[target] as number;
    }
    for (const target of markers[index] as number[]) {
      total += node.vertices * (count[target] as number);
      cost += node.vertices * (filterCost[target] as number);
    }
    for (const target of filters[index] as number[]) cost += filterWeight(target);
    count[index] = Math.min(cap, total);
    filterCost[index] = Math.min(filterCap, cost);
    depth[index] = deepest + 1;
    state[index] = 2;
    stack.pop();
    if (total >= cap || cost >= filterCap || deepest >= SVG_LIMITS.maxDepth) return { ok: false, code: "too_complex" };
  }
  return { ok: true };
}

/** The sanitised SVG text, ready for the rasteriser; see the module comment for what goes. */
export function sanitizeSvg(input: string): SanitizedSvg {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const output: string[] = [];
  /** Open elements: their name, whether they are written out, and their node when kept. */
  const stack: Array<{ name: string; kept: boolean; node: number }> = [];
  const nodes: Node[] = [];
  /** Element ids to nodes (the first element with an id wins, as in the renderer). */
  const ids = new Map<string, number>();
  /** Style sheets: where their text goes in `output`, cleaned once every id is known. */
  const sheets: Array<{ slot: number; css: string[]; close: number }> = [];
  let sawRoot = false;
  let drawing = 0;
  let elements = 0;
  let usesXlink = false;
  let index = 0;

  // An element is kept only inside kept elements, so the innermost open element says it for all of them.
  const inKeptElement = () => stack.at(-1)?.kept === true;
  const keepText = (value: string) => {
    const top = stack.at(-1);
    if (!top?.kept || !TEXT_ELEMENTS.has(top.name)) return;
    if (top.name === "style") sheets.at(-1)?.css.push(value);
    else output.push(escapeText(value));
  };

  while (index < text.length) {
    if (text.startsWith("<!--", index)) {
      const end = text.indexOf("-->", index + 4);
      if (end < 0) return { ok: false, code: "unreadable" };
      index = end + 3;
    } else if (text.startsWith("<![CDATA[", index)) {
      const end = text.indexOf("]]>", index + 9);
      if (end < 0) return { ok: false, code: "unreadable" };
      keepText(text.slice(index + 9, end));
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
      if (open.kept && open.name === "style") {
        const sheet = sheets.at(-1);
        if (sheet) sheet.close = output.length;
      }
      if (open.kept) output.push(`</${open.name === "a" ? "g" : open.name}>`);
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
      if (elements > SVG_LIMITS.maxElements || stack.length >= SVG_LIMITS.maxDepth) {
        return { ok: false, code: "too_complex" };
      }
      const parentKept = stack.length === 0 || inKeptElement();
      const kept = parentKept && (ALLOWED_ELEMENTS.has(name) || name === "a");
      let node = -1;
      if (kept) {
        const written = name === "a" ? "g" : name;
        const parts = [written];
        let references: References | undefined;
        const reference = () => {
          references ??= { content: [], filter: [], markers: [] };
          return references;
        };
        if (stack.length === 0) parts.push(`xmlns="${SVG_NAMESPACE}"`);
        for (const attribute of attributes) {
          if (name === "a" && /href$/i.test(attribute.name)) continue;
          const value = keepAttribute(name, attribute.name, attribute.value);
          if (value === undefined) continue;
          if (attribute.name === "xlink:href") usesXlink = true;
          if (attribute.name === "id" && !ids.has(value)) ids.set(value, nodes.length);
          if (/href$/i.test(attribute.name) && value.startsWith("#")) reference().content.push(value.slice(1));
          else if (/url/i.test(value)) {
            const declarations =
              attribute.name === "style" ? filterDeclarations(value) : [{ property: attribute.name, text: value }];
            for (const declaration of declarations)
              collectReferences(reference, declaration.property, declaration.text);
          }
          parts.push(`${attribute.name}="${escapeAttribute(value)}"`);
        }
        if (DRAWING_ELEMENTS.has(name)) drawing++;
        node = nodes.length;
        nodes.push({
          name,
          children: undefined,
          references,
          vertices: references && references.markers.length > 0 ? vertexCount(name, attributes) : 1,
          primitiveWeight: filterWeight(name, attributes),
        });
        const parent = stack.at(-1);
        const parentNode = parent ? nodes[parent.node] : undefined;
        if (parentNode) {
          parentNode.children ??= [];
          parentNode.children.push(node);
        }
        output.push(`<${parts.join(" ")}${selfClosing ? "/" : ""}>`);
        if (name === "style" && !selfClosing) {
          sheets.push({ slot: output.length, css: [], close: -1 });
          output.push("");
        }
      }
      if (!selfClosing) stack.push({ name, kept, node });
      index = end + 1;
    } else {
      const next = text.indexOf("<", index);
      const end = next < 0 ? text.length : next;
      if (stack.length > 0) keepText(decodeEntities(text.slice(index, end)));
      else if (text.slice(index, end).trim() !== "") return { ok: false, code: "unreadable" };
      index = end;
    }
  }
  if (!sawRoot || stack.length > 0) return { ok: false, code: "unreadable" };
  if (drawing === 0) return { ok: false, code: "svg_unsafe" };

  const complexity = measureComplexity(nodes, ids);
  if (!complexity.ok) return complexity;

  // Style sheets are cleaned as a whole once their text and the document's ids are known.
  const isInstancedTarget = (id: string) => {
    const target = ids.get(id);
    return target !== undefined && INSTANCED_ELEMENTS.has(nodes[target]?.name ?? "");
  };
  for (const sheet of sheets) {
    const css = cleanStyleSheet(sheet.css.join(""), isInstancedTarget);
    output[sheet.slot] = escapeText(css);
    // A sheet with nothing left goes with its element.
    if (css === "") {
      output[sheet.slot - 1] = "";
      output[sheet.close] = "";
    }
  }
  let svg = output.join("");
  if (usesXlink) svg = svg.replace(/^<svg /, `<svg xmlns:xlink="${XLINK_NAMESPACE}" `);
  return { ok: true, svg };
}
