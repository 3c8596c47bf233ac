import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ARTWORK_FAMILIES, type ArtworkInput, generateArtworkSvg, MASCOTS } from "./families.ts";
import { ICON_NAMES } from "./icons.ts";
import { PALETTES } from "./palettes.ts";
import { avatarSvg, bannerSvg, slideSvg } from "./profile-art.ts";

const base = (family: ArtworkInput["family"], index: number): ArtworkInput => ({
  family,
  lines: ["Roll for", "Initiative & Snacks"],
  caption: "est. 1865",
  icon: ICON_NAMES[index % ICON_NAMES.length],
  mascot: MASCOTS[index % MASCOTS.length],
  palette: PALETTES[index % PALETTES.length] as ArtworkInput["palette"],
  seed: `test-${index}`,
});

/** Share of pixels with any opacity, and whether the corners are transparent. */
async function coverage(
  png: Buffer,
): Promise<{ covered: number; cornersClear: boolean; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let covered = 0;
  for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) covered++;
  const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3] ?? 0;
  const cornersClear = [
    alphaAt(0, 0),
    alphaAt(info.width - 1, 0),
    alphaAt(0, info.height - 1),
    alphaAt(info.width - 1, info.height - 1),
  ].every((a) => a === 0);
  return { covered: covered / (info.width * info.height), cornersClear, width: info.width, height: info.height };
}

describe("artwork generators", () => {
  it.each(ARTWORK_FAMILIES.map((family, index) => [family, index] as const))(
    "%s draws a transparent 4:5 picture that sharp renders",
    async (family, index) => {
      const svg = generateArtworkSvg(base(family, index), 240);
      expect(svg.startsWith("<svg")).toBe(true);
      const png = await sharp(Buffer.from(svg)).png().toBuffer();
      const result = await coverage(png);
      expect(result.width).toBe(240);
      expect(result.height).toBe(300);
      expect(result.cornersClear).toBe(true);
      // Something substantial is drawn, but the background stays transparent.
      expect(result.covered).toBeGreaterThan(0.04);
      expect(result.covered).toBeLessThan(0.8);
    },
  );

  it("gives the same SVG for the same input and a different layout for another seed", () => {
    for (const [index, family] of ARTWORK_FAMILIES.entries()) {
      const input = base(family, index);
      expect(generateArtworkSvg(input, 300)).toBe(generateArtworkSvg({ ...input }, 300));
    }
    const variants = new Set(
      Array.from({ length: 12 }, (_, seed) => generateArtworkSvg({ ...base("slogan", 0), seed: `s${seed}` }, 300)),
    );
    expect(variants.size).toBeGreaterThan(3);
  });

  it("escapes text so titles with markup characters stay valid SVG", async () => {
    const svg = generateArtworkSvg({ ...base("slogan", 1), lines: ['<Ctrl> & "Alt"'] }, 200);
    expect(svg).toContain("&lt;CTRL&gt; &amp;");
    await expect(sharp(Buffer.from(svg)).png().toBuffer()).resolves.toBeInstanceOf(Buffer);
  });

  it("renders avatars, banners and carousel slides at their sizes", async () => {
    const palette = PALETTES[0] as ArtworkInput["palette"];
    const sizes = await Promise.all(
      [
        avatarSvg("Maya Okafor", palette, "a"),
        bannerSvg(palette, "b"),
        slideSvg({
          headline: "Hello",
          subline: "A sale on every design this week",
          action: "Shop now",
          palette,
          seed: "c",
        }),
      ].map(async (svg) => sharp(await sharp(Buffer.from(svg)).png().toBuffer()).metadata()),
    );
    expect(sizes.map(({ width, height }) => [width, height])).toEqual([
      [400, 400],
      [1500, 500],
      [1152, 300],
    ]);
    expect(avatarSvg("Maya Okafor", palette, "a")).toContain(">MO<");
  });
});
