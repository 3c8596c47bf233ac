import { describe, expect, it } from "vitest";
import { toSuggestionList } from "./search-with-suggestions.tsx";

describe("toSuggestionList", () => {
  it("lists designs, then tags, then artists, each with where it leads", () => {
    const list = toSuggestionList({
      designs: [{ uuid: "d1", slug: "forge", displayName: "Forge of the War Hammer", defaultColor: "brown" }],
      tags: ["war hammer"],
      artists: [{ uuid: "a1", uniqueUsername: "novaquill", displayName: "Nova Quill" }],
    });
    expect(list.map(({ kind, label, href }) => [kind, label, href])).toEqual([
      ["design", "Forge of the War Hammer", "/design/d1/forge/brown"],
      ["tag", "war hammer", "/results?query=war%20hammer&page=1"],
      ["artist", "Nova Quill", "/artist/novaquill/a1"],
    ]);
  });

  it("is empty before the first answer", () => {
    expect(toSuggestionList(undefined)).toEqual([]);
  });
});
