/** Turns a URL slug such as `cosmic-cat_tee` into words for a heading: "Cosmic Cat Tee". */
export function humanizeSlug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
