/**
 * Hostile SVGs of the kinds reported in issue 25: small files that expand enormously once rendered, or
 * nest deeply. Used by the sanitiser's tests, its fuzz test and the normalisation tests.
 */

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const OPEN = `<svg ${NS} viewBox="0 0 100 100">`;

/**
 * Nested `<use>` copies (as small as it gets: no size, no colour): level 0 is one shape, each further level `fanout` uses of the one below, and the
 * top level is drawn: fanout^levels shapes from a file of a few hundred bytes. `padding` adds attributes
 * (a realistic exporter's noise) to reach a given size.
 */
export function useBomb(options: { levels: number; fanout: number; padding?: number }): string {
  const { levels, fanout, padding = 0 } = options;
  const pad = padding > 0 ? ` data-x="${"x".repeat(padding)}"` : "";
  const parts = [`<svg ${NS}><defs><path id="l0" d="M0 0h10v10z"${pad}/>`];
  for (let level = 1; level <= levels; level++) {
    const uses = Array.from({ length: fanout }, () => `<use href="#l${level - 1}"/>`).join("");
    parts.push(`<g id="l${level}">${uses}</g>`);
  }
  parts.push(`</defs><use href="#l${levels}"/></svg>`);
  return parts.join("");
}

/** `width` chains of `depth` nested groups each, every chain ending in a shape: elements x depth work for a scan of the ancestors. */
export function nestedGroups(options: { depth: number; width: number }): string {
  const chain = `${"<g>".repeat(options.depth)}<rect width="1" height="1"/>${"</g>".repeat(options.depth)}`;
  return `${OPEN}${chain.repeat(options.width)}</svg>`;
}

/** `elements` shapes, each drawn through a filter of `primitives` blurs. */
export function filterBomb(options: { elements: number; primitives: number }): string {
  const blurs = '<feGaussianBlur stdDeviation="5"/>'.repeat(options.primitives);
  const shapes = '<circle cx="50" cy="50" r="40" filter="url(#f)"/>'.repeat(options.elements);
  return `${OPEN}<defs><filter id="f">${blurs}</filter></defs>${shapes}</svg>`;
}

/** `count` semi-transparent squares each covering the whole picture: small enough to pass SVG_LIMITS, slow to draw. */
export function coveringSquares(count: number): string {
  return `${OPEN}${'<rect width="100" height="100" fill="#f00" fill-opacity="0.5"/>'.repeat(count)}</svg>`;
}
