/** Says which query words found nothing and were left out (the API's `dropped_words`), or nothing. */
export function droppedWordsNote(words: readonly string[] | undefined): string | undefined {
  if (!words || words.length === 0) return undefined;
  const quoted = words.map((word) => `“${word}”`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
  return `No designs mention ${list}, so these match the rest of your search.`;
}
