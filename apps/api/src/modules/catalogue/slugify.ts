/** Longest slug kept: the design's uuid identifies it in a URL, the slug only makes the URL readable. */
const MAX_SLUG_LENGTH = 80;

/** URL-safe lowercase slug of a title: `Schrödinger's Cat` -> `schrodinger-s-cat`; `design` when none is left. */
export function slugify(title: string): string {
  return (
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, MAX_SLUG_LENGTH)
      .replace(/^-+|-+$/g, "") || "design"
  );
}
