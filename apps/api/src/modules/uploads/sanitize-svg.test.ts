import { describe, expect, it } from "vitest";
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
    expect(sanitizeSvg(deep)).toEqual({ ok: false, code: "svg_unsafe" });
  });

  it("calls malformed XML unreadable: unclosed tags, mismatched ends, unquoted attributes, another root", () => {
    expect(sanitizeSvg(`<svg ${NS}><g>${DOT}</svg>`)).toEqual({ ok: false, code: "unreadable" });
    expect(sanitizeSvg(`<svg ${NS}><rect width=5 height="5"/></svg>`)).toEqual({ ok: false, code: "unreadable" });
    expect(sanitizeSvg(`<svg ${NS}>${DOT}`)).toEqual({ ok: false, code: "unreadable" });
    expect(sanitizeSvg(`<html><svg ${NS}>${DOT}</svg></html>`)).toEqual({ ok: false, code: "unreadable" });
    expect(sanitizeSvg(`<svg ${NS}>${DOT}</svg><script>alert(1)</script>`)).toEqual({ ok: false, code: "unreadable" });
  });
});
