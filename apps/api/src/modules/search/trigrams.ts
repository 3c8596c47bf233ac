/**
 * Trigrams as PostgreSQL's pg_trgm extension makes them, so the search index (search-index.ts) answers
 * `similarity(a, b)` and `a % b` exactly as the database does: the text is split into words (runs of letters
 * and digits), each word lower-cased and padded with two spaces before and one after, and its three-character
 * windows collected; a text's trigrams are the set of its words' trigrams. Similarity is the number of shared
 * trigrams over the size of the union, computed in single precision as pg_trgm does (`float4`), so a
 * comparison with a threshold (0.3 for `%`) falls on the same side.
 */
export function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    // Characters, not UTF-16 units: pg_trgm counts characters.
    const characters = [" ", " ", ...Array.from(word), " "];
    for (let index = 0; index + 2 < characters.length; index++) {
      trigrams.add(`${characters[index]}${characters[index + 1]}${characters[index + 2]}`);
    }
  }
  return trigrams;
}

/** pg_trgm's similarity from the two set sizes and the number of shared trigrams (single precision). */
export function trigramSimilarity(shared: number, sizeA: number, sizeB: number): number {
  if (sizeA <= 0 || sizeB <= 0) return 0;
  return Math.fround(Math.fround(shared) / Math.fround(sizeA + sizeB - shared));
}

/** `similarity(a, b)` of pg_trgm. */
export function similarity(a: string, b: string): number {
  const first = trigramsOf(a);
  const second = trigramsOf(b);
  let shared = 0;
  for (const trigram of first) if (second.has(trigram)) shared += 1;
  return trigramSimilarity(shared, first.size, second.size);
}

/** pg_trgm's default `pg_trgm.similarity_threshold`, the bound of the `%` operator. */
export const SIMILARITY_THRESHOLD = 0.3;
