import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filterBomb, nestedGroups, useBomb } from "../../../test/hostile-svgs.ts";
import { SVG_LIMITS, sanitizeSvg } from "./sanitize-svg.ts";

/**
 * Generated hostile SVGs (issue 25): whatever comes in, the sanitiser answers (never throws, never hangs: each
 * case has a generous time bound, far above what a linear pass needs), refuses what passes SVG_LIMITS, and
 * never lets a disallowed CSS property, an at-rule, an escape or an external url through.
 */

/** fast-check's per-case bound applies to async properties; the work itself is synchronous. */
const PER_CASE_MS = 10_000;
function run<Values extends [unknown, ...unknown[]]>(property: fc.IAsyncProperty<Values>, numRuns: number) {
  return fc.assert(property, { numRuns, timeout: PER_CASE_MS, interruptAfterTimeLimit: 60_000 });
}

const CSS_TOKENS = [
  "fill:red;",
  "stroke: #000;",
  "background: url(http://evil.example/x)",
  "behavior:url(x.htc);",
  "content: 'x';",
  "--custom: 1;",
  "position: fixed;",
  "filter: url(#f);",
  "fill: url(#p);",
  "marker-mid: url(#m);",
  "url(",
  "url(#g)",
  ")",
  "{",
  "}",
  ";",
  ":",
  "@import url(http://evil.example/x.css);",
  "@media print {",
  "@font-face { src: url(http://evil.example/f.woff) }",
  "\\75 rl(",
  "/*",
  "*/",
  ".a",
  "g > .b",
  "svg|a[href]",
  "*",
  " ",
  "expression(alert(1))",
  "javascript:alert(1)",
];

const cssText = fc
  .array(fc.constantFrom(...CSS_TOKENS), { minLength: 1, maxLength: 400 })
  .chain((tokens) => fc.integer({ min: 1, max: 200 }).map((times) => tokens.join("").repeat(times)));

/** What may remain of a style sheet or a style attribute. */
function expectCleanCss(svg: string) {
  for (const [, css] of svg.matchAll(/<style>([\s\S]*?)<\/style>|style="([^"]*)"/g)) {
    const text = css ?? "";
    expect(text).not.toMatch(/@|\\|background|behavior|content|--custom|position|expression|javascript|evil/);
  }
  expect(svg).not.toMatch(/evil\.example/);
}

describe("sanitizeSvg fuzzed", () => {
  it("refuses nested <use> bombs past the element limit and keeps small ones", async () => {
    await run(
      fc.asyncProperty(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 14 }), async (levels, fanout) => {
        const copies = fanout ** levels;
        const result = sanitizeSvg(useBomb({ levels, fanout }));
        if (copies > SVG_LIMITS.maxRenderedElements) expect(result).toEqual({ ok: false, code: "too_complex" });
        // Each copy brings its use and a share of the groups: an eighth of the limit in copies is accepted.
        if (copies * 8 < SVG_LIMITS.maxRenderedElements && levels < SVG_LIMITS.maxDepth / 2)
          expect(result.ok).toBe(true);
      }),
      150,
    );
  });

  it("refuses nesting past the depth limit, however wide", async () => {
    await run(
      fc.asyncProperty(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: 20 }), async (depth, width) => {
        const result = sanitizeSvg(nestedGroups({ depth, width }));
        // The root, the groups and the shape: depth + 2 levels.
        if (depth + 2 > SVG_LIMITS.maxDepth) expect(result).toEqual({ ok: false, code: "too_complex" });
        else expect(result.ok).toBe(true);
      }),
      100,
    );
  });

  it("refuses filters past the filter cost, exactly at the limit", async () => {
    await run(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 12 }),
        async (elements, primitives) => {
          const result = sanitizeSvg(filterBomb({ elements, primitives }));
          if (elements * primitives > SVG_LIMITS.maxFilterCost)
            expect(result).toEqual({ ok: false, code: "too_complex" });
          else expect(result.ok).toBe(true);
        },
      ),
      150,
    );
  });

  it("filters huge and malformed CSS, in sheets and in style attributes, to the allow-list", async () => {
    await run(
      fc.asyncProperty(cssText, cssText, async (sheet, inline) => {
        const svg = `<svg xmlns="http://www.w3.org/2000/svg"><style><![CDATA[${sheet}]]></style><rect width="9" height="9" style="${inline.replace(/["<&]/g, "")}"/></svg>`;
        const result = sanitizeSvg(svg);
        if (result.ok) expectCleanCss(result.svg);
      }),
      60,
    );
  });

  it("answers any soup of SVG fragments without throwing", async () => {
    const fragments = fc.constantFrom(
      "<svg xmlns='http://www.w3.org/2000/svg'>",
      "</svg>",
      "<g>",
      "</g>",
      "<use href='#a'/>",
      "<g id='a'>",
      "<defs>",
      "</defs>",
      "<rect width='5' height='5'/>",
      "<filter id='f'><feMorphology radius='99'/></filter>",
      "<circle r='5' filter='url(#f)'/>",
      "<path d='M0 0L9 9' marker-mid='url(#a)'/>",
      "<style>.a{fill:red}</style>",
      "<![CDATA[",
      "]]>",
      "<!--",
      "-->",
      "<!DOCTYPE x [<!ENTITY a 'b'>]>",
      "&a;",
      "<script>",
      "<",
      ">",
      '"',
      "text",
    );
    await run(
      fc.asyncProperty(fc.array(fragments, { maxLength: 300 }), async (parts) => {
        const result = sanitizeSvg(parts.join(""));
        expect(typeof result.ok).toBe("boolean");
        if (result.ok) expectCleanCss(result.svg);
      }),
      300,
    );
  });
});
