/** At most this many words of a query are searched; the rest of a pasted paragraph is ignored. */
export const MAX_SEARCH_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/**
 * The searchable words of a query as typed: lower-cased runs of letters and digits (any script). Punctuation
 * and spacing never matter, so "  Naruto:  run " and "naruto run" search alike.
 */
export function parseSearchWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => word.length <= MAX_WORD_LENGTH).slice(0, MAX_SEARCH_WORDS);
}

/** Escapes LIKE wildcards so user text is matched literally. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
