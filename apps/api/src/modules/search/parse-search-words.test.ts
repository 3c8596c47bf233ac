import { describe, expect, it } from "vitest";
import { escapeLikePattern, MAX_SEARCH_WORDS, parseSearchWords } from "./parse-search-words.ts";

describe("parseSearchWords", () => {
  it("lower-cases and splits on anything that is not a letter or digit", () => {
    expect(parseSearchWords("  Naruto:  RUN-club! ")).toEqual(["naruto", "run", "club"]);
    expect(parseSearchWords("Pokémon 2025")).toEqual(["pokémon", "2025"]);
  });

  it("finds no words in empty, blank or punctuation-only queries", () => {
    expect(parseSearchWords("")).toEqual([]);
    expect(parseSearchWords("   ")).toEqual([]);
    expect(parseSearchWords("!!! ???")).toEqual([]);
  });

  it("keeps a bounded number of words and drops absurdly long ones", () => {
    expect(parseSearchWords("a b c d e f g h i j k")).toHaveLength(MAX_SEARCH_WORDS);
    expect(parseSearchWords(`${"x".repeat(41)} cat`)).toEqual(["cat"]);
  });
});

describe("escapeLikePattern", () => {
  it("escapes LIKE wildcards and the escape character", () => {
    expect(escapeLikePattern("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});
