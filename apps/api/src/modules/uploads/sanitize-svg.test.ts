import { describe, expect, it } from "vitest";
import { filterBomb, nestedGroups, useBomb } from "../../../test/hostile-svgs.ts";
import { sanitizeSvg } from "./sanitize-svg.ts";

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const DOT = '<circle cx="5" cy="5" r="4" fill="red"/>';

function clean(svg: string): string {
  const result = sanitizeSvg(svg);
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.svg;
}

describe("sanitizeSvg", () => {
  it("keeps a plain drawing as it was, with the SVG namespace on the root", () => {
    const out = clean(`<svg ${NS} viewBox="0 0 10 10"><g fill="blue"><path d="M0 0L10 10"/>${DOT}</g></svg>`);
    expect(out).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g fill="blue"><path d="M0 0L10 10"/><circle cx="5" cy="5" r="4" fill="red"/></g></svg>',
    );
  });

  it("drops script elements, their text and CDATA", () => {
    const out = clean(`<svg ${NS}><script>alert(1)</script><script><![CDATA[fetch('//x')]]></script>${DOT}</svg>`);
    expect(out).not.toMatch(/script|alert|fetch/);
    expect(out).toContain("<circle");
  });

  it("drops every on* event handler, whatever its case", () => {
    const out = clean(
      `<svg ${NS} onload="alert(1)"><rect width="5" height="5" OnClick="x()" onmouseover='y()'/></svg>`,
    );
    expect(out).not.toMatch(/on(load|click|mouseover)|alert/i);
    expect(out).toContain('<rect width="5" height="5"/>');
  });

  it("drops javascript: links and turns <a> into a plain group", () => {
    const out = clean(
      `<svg ${NS}><a href="javascript:alert(1)"><rect width="3" height="3"/></a><a xlink:href="javascript:alert(2)">${DOT}</a></svg>`,
    );
    expect(out).not.toMatch(/javascript|href|<a/);
    expect(out).toContain('<g><rect width="3" height="3"/></g>');
  });

  it("drops external images and references, keeping internal ones", () => {
    const out = clean(
      `<svg ${NS}><defs><path id="p" d="M0 0h4"/></defs><image href="https://evil.example/a.png" width="4" height="4"/>` +
        `<image xlink:href="file:///etc/passwd" width="4" height="4"/><use xlink:href="http://evil.example/s.svg#x"/>` +
        `<use href="#p"/></svg>`,
    );
    expect(out).not.toMatch(/evil|file:|passwd/);
    expect(out).toContain('<use href="#p"/>');
  });

  it("keeps an embedded raster data: URI on an image, but not an SVG one (a nested SVG could carry script)", () => {
    const png =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
    const nested = `data:image/svg+xml;base64,${Buffer.from(`<svg ${NS} onload="alert(1)"><script>alert(2)</script></svg>`).toString("base64")}`;
    const out = clean(
      `<svg ${NS}><image href="${png}" width="1" height="1"/><image xlink:href="${nested}" width="1" height="1"/></svg>`,
    );
    expect(out).toContain(`href="${png}"`);
    expect(out).not.toContain("svg+xml");
    // A data: URI anywhere else (a fill, a filter) goes too.
    expect(clean(`<svg ${NS}><rect width="1" height="1" fill="url(data:image/svg+xml,abc)"/></svg>`)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    );
  });

  it("drops foreignObject with everything inside it", () => {
    const out = clean(
      `<svg ${NS}><foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/><rect width="1" height="1"/></body></foreignObject>${DOT}</svg>`,
    );
    expect(out).not.toMatch(/foreignObject|iframe|body|evil|<rect/);
    expect(out).toContain("<circle");
  });

  it("removes @import and external url() from style sheets, keeps internal url(#id)", () => {
    const out = clean(
      `<svg ${NS}><style>@import url("https://evil.example/x.css"); .a { fill: url(#g); } .b { background: url('http://evil.example/t.png'); }</style>${DOT}</svg>`,
    );
    expect(out).not.toMatch(/@import|evil/);
    expect(out).toContain("fill: url(#g)");
  });

  it("drops a style sheet that hides things behind CSS escapes, and unsafe style attributes", () => {
    const out = clean(
      `<svg ${NS}><style>.a { background: \\75 rl(http://evil.example) }</style><rect width="1" height="1" style="fill:url(http://evil.example/x)"/><rect width="2" height="2" style="fill: url(#g)"/></svg>`,
    );
    expect(out).not.toMatch(/evil|<style/);
    expect(out).toContain('<rect width="1" height="1"/>');
    expect(out).toContain('style="fill: url(#g)"');
  });

  it("drops external url() in presentation attributes", () => {
    const out = clean(
      `<svg ${NS}><rect width="1" height="1" fill="url(https://evil.example/p.svg#p)" mask="url(#m)"/></svg>`,
    );
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" mask="url(#m)"/></svg>');
  });

  it("drops the DOCTYPE so a billion laughs never expands, nor an external entity loads", () => {
    const laughs = [
      '<?xml version="1.0"?>',
      "<!DOCTYPE svg [",
      ' <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, level) => {
        const previous = level === 0 ? "lol" : `lol${level}`;
        return ` <!ENTITY lol${level + 1} "${`&${previous};`.repeat(10)}">`;
      }),
      ' <!ENTITY xxe SYSTEM "file:///etc/passwd">',
      "]>",
      `<svg ${NS}><text x="0" y="10">&lol9;&xxe;</text></svg>`,
    ].join("\n");
    const result = sanitizeSvg(laughs);
    expect(result).toEqual({
      ok: true,
      svg: '<svg xmlns="http://www.w3.org/2000/svg"><text x="0" y="10"></text></svg>',
    });
  });

  it("drops processing instructions (an xml-stylesheet), animation that could rewrite a link, and foreign namespaces", () => {
    const out = clean(
      `<?xml-stylesheet href="https://evil.example/x.css"?><svg ${NS} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"><sodipodi:namedview/><rect inkscape:label="x" width="1" height="1"><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="fill" values="red"/></rect></svg>`,
    );
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"></rect></svg>');
  });

  it("keeps text with its five XML entities, escaped again on the way out", () => {
    expect(clean(`<svg ${NS}><text>Tom &amp; Jerry &lt;3 &#x263A;</text></svg>`)).toContain(
      "<text>Tom &amp; Jerry &lt;3 \u263a</text>",
    );
  });

  it("refuses an SVG left with nothing to draw", () => {
    expect(sanitizeSvg(`<svg ${NS}><script>alert(1)</script></svg>`)).toEqual({ ok: false, code: "svg_unsafe" });
    expect(sanitizeSvg(`<svg ${NS}><foreignObject><div/></foreignObject></svg>`)).toEqual({
      ok: false,
      code: "svg_unsafe",
    });
    expect(sanitizeSvg(`<svg ${NS}/>`)).toEqual({ ok: false, code: "svg_unsafe" });
    expect(sanitizeSvg(`<svg ${NS}><g><defs/></g></svg>`)).toEqual({ ok: false, code: "svg_unsafe" });
  });

  it("refuses nesting deeper than any drawing needs", () => {
    const deep = `<svg ${NS}>${"<g>".repeat(300)}${DOT}${"</g>".repeat(300)}</svg>`;
    expect(sanitizeSvg(deep)).toEqual({ ok: false, code: "too_complex" });
  });

  it("calls malformed XML unreadable: unclosed tags, mismatched ends, unquoted attributes, another root", () => {
    expect(sanitizeSvg(`<svg ${NS}><g>${DOT}</svg>`)).toEqual({ ok: false, code: "unreadable" });
    expect(sanitizeSvg(`<svg ${NS}><rect width=5 height="5"/></svg>`)).toEqual({ ok: false, code: "unreadable" });
    expect(sanitizeSvg(`<svg ${NS}>${DOT}`)).toEqual({ ok: false, code: "unreadable" });
    expect(sanitizeSvg(`<html><svg ${NS}>${DOT}</svg></html>`)).toEqual({ ok: false, code: "unreadable" });
    expect(sanitizeSvg(`<svg ${NS}>${DOT}</svg><script>alert(1)</script>`)).toEqual({ ok: false, code: "unreadable" });
  });
});

describe("sanitizeSvg's limits (SVG_LIMITS)", () => {
  const refused = { ok: false, code: "too_complex" };

  it("refuses the reported nested-use files: 2,288 bytes (9 levels of 9 copies) and 679 bytes (8 levels of 3)", () => {
    const large = useBomb({ levels: 9, fanout: 9, padding: 659 });
    expect(large.length).toBe(2288);
    expect(sanitizeSvg(large)).toEqual(refused);
    const small = useBomb({ levels: 8, fanout: 3, padding: 34 });
    expect(small.length).toBe(679);
    expect(sanitizeSvg(small)).toEqual(refused);
  });

  // Seconds on a busy machine (reading 200,000 elements), hence the longer timeout; a bound, not a measurement.
  it("refuses a 14 MB file of nested groups (elements x depth work for the old scan of the ancestors)", {
    timeout: 60_000,
  }, () => {
    const svg = nestedGroups({ depth: 60, width: 32_000 });
    expect(svg.length).toBeGreaterThan(14_000_000);
    expect(sanitizeSvg(svg)).toEqual(refused);
    // Under the element limit the whole file is read, and refused for what it would draw.
    expect(sanitizeSvg(nestedGroups({ depth: 60, width: 1_000 }))).toEqual(refused);
  });

  it("keeps a drawing under the limits, copies through <use> included", () => {
    expect(sanitizeSvg(useBomb({ levels: 3, fanout: 10 })).ok).toBe(true);
    expect(sanitizeSvg(nestedGroups({ depth: 40, width: 100 })).ok).toBe(true);
  });

  it("counts nesting through references, and refuses a reference loop", () => {
    const chain = Array.from({ length: 80 }, (_, index) => `<g id="c${index}"><use href="#c${index + 1}"/></g>`);
    expect(
      sanitizeSvg(`<svg ${NS}><defs>${chain.join("")}<g id="c80">${DOT}</g></defs><use href="#c0"/></svg>`),
    ).toEqual(refused);
    expect(sanitizeSvg(`<svg ${NS}><g id="a">${DOT}<use href="#a"/></g></svg>`)).toEqual(refused);
    expect(
      sanitizeSvg(`<svg ${NS}><defs><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></defs>${DOT}</svg>`),
    ).toEqual(refused);
  });

  it("costs filters per element drawn: under the limit kept, past it refused, expensive primitives weighed", () => {
    expect(sanitizeSvg(filterBomb({ elements: 8, primitives: 4 })).ok).toBe(true);
    expect(sanitizeSvg(filterBomb({ elements: 9, primitives: 4 }))).toEqual(refused);
    const morphology = `<svg ${NS}><filter id="m"><feMorphology radius="40"/></filter><rect width="9" height="9" filter="url(#m)"/></svg>`;
    expect(sanitizeSvg(morphology)).toEqual(refused);
    // A filter set from a style attribute counts the same.
    const styled = `<svg ${NS}><filter id="f"><feGaussianBlur stdDeviation="2"/></filter>${'<rect width="9" height="9" style="filter: url(#f)"/>'.repeat(40)}</svg>`;
    expect(sanitizeSvg(styled)).toEqual(refused);
  });

  it("counts a marker once per vertex of the path that carries it", () => {
    const marker = `<marker id="m">${DOT.repeat(20)}</marker>`;
    const points = Array.from({ length: 10_000 }, (_, index) => `${index % 100},${index % 77}`).join(" ");
    expect(sanitizeSvg(`<svg ${NS}>${marker}<polyline points="${points}" marker-mid="url(#m)"/></svg>`)).toEqual(
      refused,
    );
    expect(sanitizeSvg(`<svg ${NS}>${marker}<polyline points="0,0 5,5 9,0" marker-mid="url(#m)"/></svg>`).ok).toBe(
      true,
    );
  });
});

describe("sanitizeSvg's CSS allow-list", () => {
  it("keeps only allowed properties in style attributes", () => {
    const out = clean(
      `<svg ${NS}><rect width="5" height="5" style="fill: red; behavior: url(x.htc); position: fixed; --x: 1; stroke:#000"/></svg>`,
    );
    expect(out).toContain('style="fill: red; stroke:#000"');
  });

  it("rebuilds style sheets from plain rules of allowed properties; no at-rules, no odd selectors", () => {
    const out = clean(
      `<svg ${NS}><style>@font-face { font-family: x; src: url(#f) } @media print { .a { fill: blue } } .a, g > .b { fill: red; content: "x"; background-image: url(#p) } svg|a[href] { fill: green } .c { cursor: pointer }</style>${DOT}</svg>`,
    );
    expect(out).toContain("<style>.a, g &gt; .b{fill: red}</style>");
    expect(out).not.toMatch(/font-face|@media|content|background|cursor|green|blue/);
  });

  it("lets a style sheet neither set filters, markers or masks nor fill with a pattern: those are counted per element", () => {
    const out = clean(
      `<svg ${NS}><defs><pattern id="p" width="1" height="1">${DOT}</pattern><linearGradient id="g"><stop offset="0"/></linearGradient><filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs><style>.a { filter: url(#f); marker-mid: url(#p); mask: url(#p) } .b { fill: url(#p) } .c { fill: url(#g); stroke: red }</style>${DOT}</svg>`,
    );
    expect(out).toContain("<style>.c{fill: url(#g); stroke: red}</style>");
  });

  it("stays linear on a large style sheet with no semicolons and many unclosed url(", () => {
    const css = `${".a{fill:red}".repeat(50_000)}${"url(".repeat(50_000)}`;
    const out = clean(`<svg ${NS}><style>${css}</style>${DOT}</svg>`);
    expect(out).toContain(".a{fill:red}");
    expect(out).not.toContain("url(");
  });
});
