import { createPrng } from "../prng.ts";
import type { Palette } from "./palettes.ts";
import { fitTextSize, measureTextWidth } from "./render.ts";
import { escapeXml, estimateTextWidth, fitFontSize, round, sparkle, star } from "./svg.ts";

/** Deep backgrounds that make light ink pop, for avatars, banners and slides. */
const BACKDROPS = ["#1f2a44", "#2d1e2f", "#12343b", "#3b2f2f", "#24203f", "#0f3d3e", "#402218", "#1b1b1d"] as const;

function initialsOf(displayName: string): string {
  const words = displayName
    .replace(/[^A-Za-z &.-]/g, "")
    .split(/[\s&.-]+/)
    .filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]?.[0] ?? ""}${words[1]?.[0] ?? ""}` : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

/** A square monogram avatar (initials on a patterned ground), 400x400. */
export function avatarSvg(displayName: string, palette: Palette, seed: string): string {
  const rng = createPrng(`avatar:${seed}`);
  const [a, b, c, d] = palette.accents;
  const background = rng.pick(BACKDROPS);
  const style = rng.pick(["rings", "split", "dots", "sun"] as const);
  const parts: string[] = [`<rect width="400" height="400" fill="${background}"/>`];
  if (style === "rings") {
    for (let r = 260; r > 40; r -= 40)
      parts.push(
        `<circle cx="200" cy="200" r="${r}" fill="none" stroke="${[a, b, c][r % 3]}" stroke-width="14" opacity="0.5"/>`,
      );
  } else if (style === "split") {
    parts.push(`<polygon points="0,400 400,0 400,400" fill="${a}"/>`);
  } else if (style === "dots") {
    for (let y = 20; y < 400; y += 40)
      for (let x = 20; x < 400; x += 40)
        parts.push(`<circle cx="${x}" cy="${y}" r="${round(3 + ((x + y) / 800) * 9)}" fill="${b}" opacity="0.55"/>`);
  } else {
    parts.push(`<circle cx="200" cy="230" r="150" fill="${c}"/>`);
    for (let i = 0; i < 4; i++)
      parts.push(`<rect x="0" y="${250 + i * 34}" width="400" height="${6 + i * 4}" fill="${background}"/>`);
  }
  const initials = initialsOf(displayName);
  const font = rng.pick(["DejaVu Serif", "DejaVu Sans", "Liberation Sans Narrow"]);
  parts.push(
    `<text x="204" y="268" font-family="${font}" font-weight="bold" font-size="170" text-anchor="middle" fill="${d === palette.ink ? b : d}" opacity="0.9">${escapeXml(initials)}</text>`,
    `<text x="200" y="262" font-family="${font}" font-weight="bold" font-size="170" text-anchor="middle" fill="${palette.ink.startsWith("#f") || palette.ink === "#ffffff" ? palette.ink : "#fdf6e9"}">${escapeXml(initials)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">${parts.join("")}</svg>`;
}

/** A wide storefront banner (1500x500) of shapes in the artist's colours. */
export function bannerSvg(palette: Palette, seed: string): string {
  const rng = createPrng(`banner:${seed}`);
  const background = rng.pick(BACKDROPS);
  const accents = palette.accents;
  const style = rng.pick(["waves", "confetti", "stripes", "hills"] as const);
  const parts: string[] = [`<rect width="1500" height="500" fill="${background}"/>`];
  if (style === "waves") {
    accents.forEach((fill, index) => {
      const y = 180 + index * 70;
      parts.push(
        `<path d="M0,${y} q125,-60 250,0 t250,0 t250,0 t250,0 t250,0 t250,0 V500 H0 Z" fill="${fill}" opacity="${0.55 + index * 0.1}"/>`,
      );
    });
  } else if (style === "confetti") {
    for (let i = 0; i < 70; i++) {
      const x = rng.int(0, 1500);
      const y = rng.int(0, 500);
      const fill = rng.pick(accents);
      const shape = rng.int(0, 2);
      if (shape === 0) parts.push(`<circle cx="${x}" cy="${y}" r="${rng.int(6, 22)}" fill="${fill}"/>`);
      else if (shape === 1) parts.push(star(x, y, rng.int(10, 26), fill));
      else
        parts.push(
          `<rect x="${x}" y="${y}" width="${rng.int(20, 50)}" height="10" rx="5" fill="${fill}" transform="rotate(${rng.int(0, 180)} ${x} ${y})"/>`,
        );
    }
  } else if (style === "stripes") {
    for (let i = -4; i < 22; i++)
      parts.push(
        `<rect x="${i * 90}" y="-200" width="44" height="900" fill="${accents[((i % 4) + 4) % 4]}" opacity="0.8" transform="rotate(30 ${i * 90} 250)"/>`,
      );
  } else {
    parts.push(`<circle cx="${rng.int(300, 1200)}" cy="190" r="120" fill="${accents[2]}"/>`);
    accents.forEach((fill, index) => {
      const y = 300 + index * 50;
      parts.push(`<path d="M0,${y} Q375,${y - 140 + index * 30} 750,${y} T1500,${y} V500 H0 Z" fill="${fill}"/>`);
    });
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500" viewBox="0 0 1500 500">${parts.join("")}</svg>`;
}

export type SlideContent = { headline: string; subline: string; action: string; palette: Palette; seed: string };

/** Where the caller composites design artworks on a slide: squares of `size` x 5/4, `step` apart, from the right. */
export const SLIDE_ART = { width: 184, height: 230, step: 192, right: 16, top: 38, most: 3 } as const;

/** The left edge of the `index`-th of `count` artworks on a slide. */
export function slideArtLeft(index: number, count: number): number {
  return 1152 - SLIDE_ART.right - (count - index) * SLIDE_ART.step;
}

/** The slide's text and button end this far left of the first artwork (three artworks at most). */
export const SLIDE_TEXT_RIGHT = slideArtLeft(0, SLIDE_ART.most) - 24;

const SLIDE_LEFT = 56;
const HEADLINE_FONT = { family: "DejaVu Sans", weight: "bold" } as const;
const ACTION_FONT = { family: "Liberation Sans", weight: "bold" } as const;

/** Measured sizes of a slide's text (`measureSlideText`), so nothing runs into the artworks. */
export type SlideText = { headlineSize: number; actionWidth: number };

/** Measures a slide's headline and action as librsvg renders them: the headline shrinks until it fits. */
export async function measureSlideText(content: Pick<SlideContent, "headline" | "action">): Promise<SlideText> {
  const [headlineSize, actionWidth] = await Promise.all([
    fitTextSize(content.headline, HEADLINE_FONT, SLIDE_TEXT_RIGHT - SLIDE_LEFT, 52),
    measureTextWidth(content.action, ACTION_FONT, 26),
  ]);
  return { headlineSize, actionWidth };
}

/**
 * A 1152x300 carousel slide: headline, subline and an action pill on the left, room on the right for design
 * artworks composited on top by the caller (`SLIDE_ART`). With `text` (measured by `measureSlideText`) the
 * headline and the pill are sized to what is drawn; without, to an estimate. `layers: "text"` draws only the
 * text and the pill, on a transparent ground (what tests measure).
 */
export function slideSvg(content: SlideContent, text?: SlideText, layers: "all" | "text" = "all"): string {
  const rng = createPrng(`slide:${content.seed}`);
  const { accents, ink } = content.palette;
  const background = rng.pick(BACKDROPS);
  const light = ink.startsWith("#f") || ink === "#ffffff" ? ink : "#fdf6e9";
  const parts: string[] = [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="${accents[3]}" stop-opacity="0.55"/></linearGradient></defs>`,
    `<rect width="1152" height="300" fill="${background}"/><rect width="1152" height="300" fill="url(#g)"/>`,
    `<circle cx="900" cy="150" r="210" fill="${accents[0]}" opacity="0.35"/>`,
    `<circle cx="900" cy="150" r="150" fill="${accents[1]}" opacity="0.35"/>`,
  ];
  for (let i = 0; i < 8; i++)
    parts.push(sparkle(rng.int(560, 1120), rng.int(20, 280), rng.int(8, 18), rng.pick(accents)));
  if (layers === "text") parts.length = 0;
  // Text stays left of SLIDE_TEXT_RIGHT: the caller composites artworks on the right.
  const headlineSize = text?.headlineSize ?? fitFontSize(content.headline, SLIDE_TEXT_RIGHT - SLIDE_LEFT, 52, "heavy");
  parts.push(
    `<text x="${SLIDE_LEFT}" y="96" font-family="${HEADLINE_FONT.family}" font-weight="${HEADLINE_FONT.weight}" font-size="${headlineSize}" fill="${light}">${escapeXml(content.headline)}</text>`,
  );
  wrapWords(content.subline, 36).forEach((line, index) => {
    parts.push(
      `<text x="${SLIDE_LEFT + 2}" y="${140 + index * 30}" font-family="Liberation Sans" font-size="24" fill="${light}" opacity="0.9">${escapeXml(line)}</text>`,
    );
  });
  const pillWidth = (text?.actionWidth ?? estimateTextWidth(content.action, 26, "sans")) + 64;
  parts.push(`<rect x="${SLIDE_LEFT}" y="196" width="${round(pillWidth)}" height="56" rx="28" fill="${accents[1]}"/>`);
  parts.push(
    `<text x="${round(SLIDE_LEFT + pillWidth / 2)}" y="233" font-family="${ACTION_FONT.family}" font-weight="${ACTION_FONT.weight}" font-size="26" text-anchor="middle" fill="#1b1b1d">${escapeXml(content.action)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1152" height="300" viewBox="0 0 1152 300">${parts.join("")}</svg>`;
}

/** The phone rendition of a slide (1170x780, 3:2): what `slidePhoneSvg` draws and where its artworks go. */
export const PHONE_SLIDE = {
  width: 1170,
  height: 780,
  /** Up to two artworks (1:1.25 like the design artworks), staggered down the right-hand column. */
  artworks: [
    { left: 700, top: 64, width: 256 },
    { left: 872, top: 392, width: 256 },
  ],
} as const;

/** Greedy wrap of a sentence into lines no wider than `maxWidth` at `fontSize` (estimated glyph widths). */
function wrapToWidth(sentence: string, maxWidth: number, fontSize: number, font: "heavy" | "sans"): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of sentence.split(" ")) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && estimateTextWidth(candidate, fontSize, font) > maxWidth) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * The phone rendition of a carousel slide (PHONE_SLIDE): the same backdrop, headline, subline and action as
 * `slideSvg`, laid out for a screen about 370 px wide. The text takes the left 620 units (x 64 to 684) at about three times
 * the desktop slide's size on screen (the headline shows at about 26 px, the subline at 13), wrapping instead of
 * shrinking; the caller composites up to two artworks in the right-hand column.
 */
export function slidePhoneSvg(content: SlideContent): string {
  // The desktop slide's generator, so both renditions share their backdrop colour.
  const rng = createPrng(`slide:${content.seed}`);
  const { accents, ink } = content.palette;
  const background = rng.pick(BACKDROPS);
  const light = ink.startsWith("#f") || ink === "#ffffff" ? ink : "#fdf6e9";
  const { width, height } = PHONE_SLIDE;
  // The column is 620 units wide; the estimates run narrow for large bold type, so lines wrap 60 short of it.
  const textWidth = 560;
  const left = 64;
  const parts: string[] = [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="${accents[3]}" stop-opacity="0.55"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="${background}"/><rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<circle cx="930" cy="390" r="330" fill="${accents[0]}" opacity="0.35"/>`,
    `<circle cx="930" cy="390" r="230" fill="${accents[1]}" opacity="0.35"/>`,
  ];
  for (let i = 0; i < 8; i++)
    parts.push(sparkle(rng.int(740, 1140), rng.int(30, 750), rng.int(12, 26), rng.pick(accents)));

  // Headline: two lines at most; a headline that needs more shrinks until it fits in two.
  let headlineSize = 84;
  let headline = wrapToWidth(content.headline, textWidth, headlineSize, "heavy");
  while (
    headlineSize > 48 &&
    (headline.length > 2 || headline.some((line) => estimateTextWidth(line, headlineSize, "heavy") > textWidth))
  ) {
    headlineSize -= 4;
    headline = wrapToWidth(content.headline, textWidth, headlineSize, "heavy");
  }
  const headlineLines = headline.slice(0, 2);
  const sublineSize = 42;
  const sublineLines = wrapToWidth(content.subline, textWidth, sublineSize, "sans").slice(0, 3);
  const pillTextSize = 40;
  const pillWidth = Math.min(620, estimateTextWidth(content.action, pillTextSize, "sans") + 88);
  const pillHeight = 104;
  const headlineLeading = round(headlineSize * 1.1);
  const sublineLeading = 54;
  // The block is centred vertically: headline, a gap, the subline, a gap, the pill.
  const blockHeight =
    headlineLines.length * headlineLeading + 28 + sublineLines.length * sublineLeading + 44 + pillHeight;
  let y = Math.max(56, Math.round((height - blockHeight) / 2));
  for (const line of headlineLines) {
    y += headlineLeading;
    parts.push(
      `<text x="${left}" y="${round(y - headlineLeading * 0.22)}" font-family="DejaVu Sans" font-weight="bold" font-size="${headlineSize}" fill="${light}">${escapeXml(line)}</text>`,
    );
  }
  y += 28;
  for (const line of sublineLines) {
    y += sublineLeading;
    parts.push(
      `<text x="${left + 2}" y="${round(y - 14)}" font-family="Liberation Sans" font-size="${sublineSize}" fill="${light}" opacity="0.92">${escapeXml(line)}</text>`,
    );
  }
  y += 44;
  parts.push(
    `<rect x="${left}" y="${y}" width="${round(pillWidth)}" height="${pillHeight}" rx="${pillHeight / 2}" fill="${accents[1]}"/>`,
    `<text x="${round(left + pillWidth / 2)}" y="${round(y + pillHeight / 2 + pillTextSize * 0.36)}" font-family="Liberation Sans" font-weight="bold" font-size="${pillTextSize}" text-anchor="middle" fill="#1b1b1d">${escapeXml(content.action)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join("")}</svg>`;
}

/** Greedy word wrap to lines of at most `width` characters. */
function wrapWords(sentence: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of sentence.split(" ")) {
    if (current && `${current} ${word}`.length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines.slice(0, 2);
}
