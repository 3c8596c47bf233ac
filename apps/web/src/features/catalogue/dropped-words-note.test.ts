import { describe, expect, it } from "vitest";
import { droppedWordsNote } from "./dropped-words-note.ts";

describe("droppedWordsNote", () => {
  it("names the left-out words, or says nothing when none were", () => {
    expect(droppedWordsNote(undefined)).toBeUndefined();
    expect(droppedWordsNote([])).toBeUndefined();
    expect(droppedWordsNote(["space"])).toBe("No designs mention “space”, so these match the rest of your search.");
    expect(droppedWordsNote(["zorb", "quux", "blip"])).toBe(
      "No designs mention “zorb”, “quux” or “blip”, so these match the rest of your search.",
    );
  });
});
