import { createPrng, type Prng } from "../prng.ts";
import { drawIcon, type IconName } from "./icons.ts";
import type { Palette } from "./palettes.ts";
import { arcText, CANVAS_WIDTH, type FontKey, fitFontSize, round, sparkle, star, svgDocument, text } from "./svg.ts";

/** The artwork generator families: each draws a different kind of picture, not one shape recoloured. */
export const ARTWORK_FAMILIES = [
  "slogan",
  "sunset",
  "pixel",
  "lineart",
  "halftone",
  "mascot",
  "waves",
  "heritage",
  "dice",
] as const;
export type ArtworkFamily = (typeof ARTWORK_FAMILIES)[number];

export const MASCOTS = ["onigiri", "blob", "cat", "toast", "boba", "ghost", "dumpling", "mug"] as const;
export type MascotName = (typeof MASCOTS)[number];

export type ArtworkInput = {
  family: ArtworkFamily;
  /** The words printed on the art, one entry per line (1 to 4 lines, short). */
  lines: readonly string[];
  /** Small text under the main words (a date, a tagline). */
  caption?: string;
  icon?: IconName;
  mascot?: MascotName;
  /** The silhouette inside a sunset badge; chosen by the layout seed when absent. */
  scene?: SunsetScene;
  palette: Palette;
  /** Seeds the layout choices, so the same input always gives the same picture. */
  seed: string;
};

export const SUNSET_SCENES = ["mountains", "palms", "waves", "gate", "city"] as const;
export type SunsetScene = (typeof SUNSET_SCENES)[number];

type Draw = (rng: Prng, input: ArtworkInput) => { body: string; defs?: string };

const CX = CANVAS_WIDTH / 2;

/** Lines of text stacked from `top`, each fitted to `width`; returns the SVG and where it ended. */
function stackLines(
  lines: readonly string[],
  options: {
    top: number;
    width: number;
    maxSize: number;
    font: FontKey;
    fills: readonly string[];
    gap?: number;
    stroke?: string;
    strokeWidth?: number;
    letterSpacing?: number;
  },
): { svg: string; bottom: number } {
  let y = options.top;
  const parts: string[] = [];
  lines.forEach((line, index) => {
    const size = fitFontSize(line, options.width, options.maxSize, options.font, options.letterSpacing ?? 0);
    y += size * 0.82;
    parts.push(
      text(CX, y, line, {
        size,
        font: options.font,
        fill: options.fills[index % options.fills.length],
        stroke: options.stroke,
        strokeWidth: options.strokeWidth,
        letterSpacing: options.letterSpacing,
      }),
    );
    y += options.gap ?? size * 0.22;
  });
  return { svg: parts.join(""), bottom: y };
}

const slogan: Draw = (rng, input) => {
  const { ink, accents } = input.palette;
  const lines = input.lines.map((line) => line.toUpperCase());
  const layout = rng.pick(["stacked", "shadow", "echo", "badge", "ticket", "sticker"] as const);
  const font = rng.pick<FontKey>(["heavy", "narrow", "serif", "sans"]);
  const parts: string[] = [];
  if (layout === "stacked") {
    const fills = [ink, accents[0], ink, accents[2]];
    const top = 1500 / 2 - lines.length * 140;
    parts.push(
      star(CX - 120, top - 60, 26, accents[1]),
      star(CX, top - 80, 34, accents[0]),
      star(CX + 120, top - 60, 26, accents[1]),
    );
    const block = stackLines(lines, { top, width: 1040, maxSize: 260, font, fills, gap: 34 });
    parts.push(block.svg);
    parts.push(`<rect x="${CX - 300}" y="${block.bottom + 10}" width="600" height="22" rx="11" fill="${accents[1]}"/>`);
    if (input.caption)
      parts.push(
        text(CX, block.bottom + 110, input.caption.toUpperCase(), {
          maxWidth: 1040,
          size: 56,
          font: "mono",
          fill: ink,
          letterSpacing: 6,
        }),
      );
  } else if (layout === "shadow") {
    const top = 1500 / 2 - lines.length * 150;
    // The 3D shadow steps scale with the smallest line, so long lines in small type stay readable.
    const smallest = Math.min(...lines.map((line) => fitFontSize(line, 1000, 250, "heavy")));
    const step = Math.max(3, Math.round(smallest * 0.045));
    for (const [offset, fill] of [
      [step * 3, accents[3]],
      [step * 2, accents[1]],
      [step, accents[0]],
    ] as const) {
      parts.push(
        `<g transform="translate(${offset} ${offset})">${stackLines(lines, { top, width: 1000, maxSize: 250, font: "heavy", fills: [fill], gap: 40 }).svg}</g>`,
      );
    }
    const block = stackLines(lines, { top, width: 1000, maxSize: 250, font: "heavy", fills: [ink], gap: 40 });
    parts.push(block.svg);
    if (input.caption)
      parts.push(
        text(CX, block.bottom + 120, input.caption, { size: 60, maxWidth: 1040, font: "classic", fill: accents[2] }),
      );
  } else if (layout === "echo") {
    const first = lines[0] ?? "";
    const size = fitFontSize(first, 1060, 230, "narrow");
    let y = 360;
    for (let i = 0; i < 3; i++) {
      parts.push(
        text(CX, y, first, {
          size,
          font: "narrow",
          stroke: i === 0 ? accents[1] : accents[0],
          strokeWidth: 7,
          opacity: 0.45 + i * 0.2,
        }),
      );
      y += size * 0.86;
    }
    parts.push(text(CX, y, first, { size, font: "narrow", fill: ink }));
    const rest = stackLines(lines.slice(1), {
      top: y + 40,
      width: 900,
      maxSize: 150,
      font: "heavy",
      fills: [accents[2], accents[0]],
      gap: 26,
    });
    parts.push(rest.svg);
    if (input.caption)
      parts.push(text(CX, rest.bottom + 80, input.caption, { size: 54, maxWidth: 1040, font: "mono", fill: ink }));
  } else if (layout === "badge") {
    const cy = 700;
    parts.push(`<circle cx="${CX}" cy="${cy}" r="470" fill="none" stroke="${ink}" stroke-width="16"/>`);
    parts.push(`<circle cx="${CX}" cy="${cy}" r="330" fill="${accents[0]}"/>`);
    parts.push(
      `<circle cx="${CX}" cy="${cy}" r="400" fill="none" stroke="${accents[1]}" stroke-width="8" stroke-dasharray="4 22" stroke-linecap="round"/>`,
    );
    const top = lines[0] ?? "";
    const bottom = lines.length > 1 ? (lines[lines.length - 1] ?? "") : (input.caption ?? "").toUpperCase();
    parts.push(arcText(top, CX, cy, 400, 0, { size: fitFontSize(top, 1100, 84, "heavy"), font: "heavy", fill: ink }));
    if (bottom)
      parts.push(
        arcText(bottom, CX, cy, 435, 180, {
          size: fitFontSize(bottom, 1000, 70, "heavy"),
          font: "heavy",
          fill: ink,
          bottom: true,
        }),
      );
    parts.push(star(CX - 435, cy, 26, accents[2]), star(CX + 435, cy, 26, accents[2]));
    const middle = lines.length > 2 ? lines.slice(1, -1) : [];
    if (middle.length > 0) {
      parts.push(
        stackLines(middle, {
          top: cy - middle.length * 70,
          width: 520,
          maxSize: 150,
          font: "narrow",
          fills: [input.palette.ink === "#ffffff" ? "#1b1b1d" : ink],
          gap: 16,
        }).svg,
      );
    } else if (input.icon) {
      parts.push(drawIcon(input.icon, CX, cy, 420, ink, accents[2]));
    } else {
      parts.push(star(CX, cy, 170, accents[2]));
    }
  } else if (layout === "ticket") {
    const height = 260 + lines.length * 170;
    const y0 = 750 - height / 2;
    parts.push(
      `<rect x="110" y="${y0}" width="980" height="${height}" rx="40" fill="none" stroke="${ink}" stroke-width="18"/>`,
    );
    parts.push(
      `<rect x="145" y="${y0 + 35}" width="910" height="${height - 70}" rx="26" fill="none" stroke="${accents[0]}" stroke-width="8"/>`,
    );
    const block = stackLines(lines, {
      top: y0 + 110,
      width: 820,
      maxSize: 190,
      font,
      fills: [ink, accents[1]],
      gap: 30,
    });
    parts.push(block.svg);
    parts.push(
      text(CX, y0 + 85, input.caption?.toUpperCase() ?? "— EST. 2025 —", {
        maxWidth: 820,
        size: 40,
        font: "mono",
        fill: accents[2],
        letterSpacing: 8,
      }),
    );
    parts.push(star(200, y0 + height - 80, 22, accents[2]), star(1000, y0 + height - 80, 22, accents[2]));
  } else {
    const angle = rng.pick([-8, -6, 6, 8]);
    const strips: string[] = [];
    let y = 750 - lines.length * 110;
    lines.forEach((line, index) => {
      const size = fitFontSize(line, 880, 150, "heavy");
      const width = Math.min(1100, size * 0.74 * line.length * 0.95 + 120);
      const fill = accents[index % 3] ?? accents[0];
      strips.push(
        `<rect x="${CX - width / 2}" y="${y}" width="${width}" height="${size * 1.15}" rx="18" fill="${fill}"/>`,
      );
      strips.push(text(CX, y + size * 0.92, line, { size, font: "heavy", fill: index % 2 === 0 ? ink : "#1b1b1d" }));
      y += size * 1.15 + 30;
    });
    parts.push(`<g transform="rotate(${angle} ${CX} 750)">${strips.join("")}</g>`);
    parts.push(sparkle(180, 300, 60, accents[2]), sparkle(1020, 1180, 70, accents[0]));
    if (input.caption)
      parts.push(text(CX, 1330, input.caption, { size: 56, maxWidth: 1040, font: "classic", fill: ink }));
  }
  return { body: parts.join("") };
};

const sunset: Draw = (rng, input) => {
  const { ink, accents } = input.palette;
  const cx = CX;
  const cy = 620;
  const r = 430;
  const id = `clip${rng.int(1000, 9999)}`;
  const bands = [accents[2], accents[0], accents[1], accents[3]];
  const parts: string[] = [];
  const scene: string[] = [];
  // Sky in horizontal bands, a striped sun, then a silhouette.
  bands.forEach((fill, index) => {
    scene.push(
      `<rect x="${cx - r}" y="${cy - r + index * ((2 * r) / 4)}" width="${2 * r}" height="${(2 * r) / 4 + 2}" fill="${fill}" opacity="0.35"/>`,
    );
  });
  scene.push(`<circle cx="${cx}" cy="${cy + 40}" r="${r * 0.62}" fill="${accents[2]}"/>`);
  for (let i = 0; i < 6; i++) {
    const y = cy + 60 + i * 42;
    scene.push(`<rect x="${cx - r}" y="${y}" width="${2 * r}" height="${8 + i * 5}" fill="${accents[1]}"/>`);
  }
  const silhouette = input.scene ?? rng.pick(SUNSET_SCENES);
  const dark = ink === "#ffffff" || ink.startsWith("#f") ? "#1b1b1d" : ink;
  if (silhouette === "mountains") {
    scene.push(
      `<path d="M${cx - r},${cy + 300} L${cx - 250},${cy + 80} L${cx - 120},${cy + 220} L${cx + 40},${cy + 20} L${cx + 240},${cy + 250} L${cx + 330},${cy + 150} L${cx + r},${cy + 300} V${cy + r} H${cx - r} Z" fill="${dark}"/>`,
    );
  } else if (silhouette === "palms") {
    scene.push(`<rect x="${cx - r}" y="${cy + 300}" width="${2 * r}" height="200" fill="${dark}"/>`);
    for (const [x, h, lean] of [
      [cx - 220, 360, -1],
      [cx + 200, 300, 1],
    ] as const) {
      scene.push(
        `<path d="M${x},${cy + 310} Q${x + lean * 40},${cy + 310 - h / 2} ${x + lean * 20},${cy + 310 - h}" fill="none" stroke="${dark}" stroke-width="22"/>`,
      );
      const tx = x + lean * 20;
      const ty = cy + 310 - h;
      for (const [dx, dy] of [
        [-150, 40],
        [150, 40],
        [-110, -60],
        [110, -60],
        [0, -110],
      ] as const) {
        scene.push(
          `<path d="M${tx},${ty} Q${tx + dx / 2},${ty + dy - 60} ${tx + dx},${ty + dy}" fill="none" stroke="${dark}" stroke-width="26" stroke-linecap="round"/>`,
        );
      }
    }
  } else if (silhouette === "waves") {
    for (let i = 0; i < 4; i++) {
      const y = cy + 200 + i * 60;
      scene.push(
        `<path d="M${cx - r},${y} q60,-40 120,0 t120,0 t120,0 t120,0 t120,0 t120,0 t120,0 t120,0 V${cy + r} H${cx - r} Z" fill="${i % 2 === 0 ? dark : accents[3]}"/>`,
      );
    }
  } else if (silhouette === "gate") {
    scene.push(`<rect x="${cx - r}" y="${cy + 320}" width="${2 * r}" height="200" fill="${dark}"/>`);
    scene.push(
      `<path d="M${cx - 300},${cy - 40} Q${cx},${cy - 90} ${cx + 300},${cy - 40} L${cx + 290},${cy - 5} Q${cx},${cy - 50} ${cx - 290},${cy - 5} Z" fill="${dark}"/>`,
    );
    scene.push(`<rect x="${cx - 250}" y="${cy + 40}" width="500" height="30" fill="${dark}"/>`);
    scene.push(
      `<rect x="${cx - 210}" y="${cy - 30}" width="40" height="360" fill="${dark}"/><rect x="${cx + 170}" y="${cy - 30}" width="40" height="360" fill="${dark}"/>`,
    );
  } else {
    let x = cx - r;
    while (x < cx + r) {
      const w = rng.int(50, 110);
      const h = rng.int(120, 340);
      scene.push(`<rect x="${x}" y="${cy + 330 - h}" width="${w - 8}" height="${h + 200}" fill="${dark}"/>`);
      x += w;
    }
  }
  parts.push(`<g clip-path="url(#${id})">${scene.join("")}</g>`);
  parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${ink}" stroke-width="14"/>`);
  const first = (input.lines[0] ?? "").toUpperCase();
  const rest = input.lines.slice(1).map((line) => line.toUpperCase());
  const titleFont = rng.pick<FontKey>(["heavy", "serif", "narrow"]);
  const size = fitFontSize(first, 1080, 170, titleFont);
  parts.push(text(cx + 8, cy + r + 170 + 8, first, { size, font: titleFont, fill: accents[1] }));
  parts.push(text(cx, cy + r + 170, first, { size, font: titleFont, fill: ink }));
  if (rest.length > 0)
    parts.push(
      stackLines(rest, {
        top: cy + r + 210,
        width: 900,
        maxSize: 90,
        font: "mono",
        fills: [accents[0]],
        gap: 14,
        letterSpacing: 6,
      }).svg,
    );
  if (input.caption)
    parts.push(arcText(input.caption.toUpperCase(), cx, cy, r + 45, 0, { size: 48, font: "mono", fill: ink }));
  return { body: parts.join(""), defs: `<clipPath id="${id}"><circle cx="${cx}" cy="${cy}" r="${r - 6}"/></clipPath>` };
};

const pixel: Draw = (rng, input) => {
  const { ink, accents } = input.palette;
  const grid = 12;
  const cell = 60;
  const half = grid / 2;
  const body = rng.pick([accents[0], accents[1], accents[3]]);
  const shade = rng.pick([accents[2], ink]);
  // A symmetric creature: a random half mirrored, with eyes carved in and a darker outline.
  const filled: boolean[][] = Array.from({ length: grid }, () => Array<boolean>(grid).fill(false));
  for (let y = 1; y < grid - 1; y++) {
    for (let x = 1; x < half; x++) {
      const centreBias = (x / half) * 0.5 + (1 - Math.abs(y - grid / 2) / (grid / 2)) * 0.35;
      if (rng.next() < 0.25 + centreBias) {
        const row = filled[y] as boolean[];
        row[x] = true;
        row[grid - 1 - x] = true;
      }
    }
  }
  for (let y = 3; y < grid - 2; y++) {
    const row = filled[y] as boolean[];
    row[half - 1] = true;
    row[half] = true;
  }
  const eyeRow = rng.int(3, 5);
  const eyeCol = rng.int(2, half - 2);
  const x0 = CX - (grid * cell) / 2;
  const y0 = 180;
  const parts: string[] = [];
  for (let y = 0; y < grid; y++) {
    for (let x = 0; x < grid; x++) {
      if (!filled[y]?.[x]) continue;
      const isEye = y === eyeRow && (x === eyeCol || x === grid - 1 - eyeCol);
      const isShade = y >= grid - 4 && (x + y) % 3 === 0;
      const fill = isEye ? "#1b1b1d" : isShade ? shade : body;
      parts.push(`<rect x="${x0 + x * cell}" y="${y0 + y * cell}" width="${cell}" height="${cell}" fill="${fill}"/>`);
      if (isEye)
        parts.push(`<rect x="${x0 + x * cell + 8}" y="${y0 + y * cell + 8}" width="18" height="18" fill="#ffffff"/>`);
    }
  }
  // Pixel hearts: lives left.
  const heart = ["01100110", "11111111", "11111111", "01111110", "00111100", "00011000"];
  const lives = rng.int(2, 3);
  const hs = 14;
  for (let h = 0; h < 3; h++) {
    const hx = CX - 1.5 * 8 * hs - hs * 3 + h * (8 * hs + hs * 3);
    heart.forEach((row, ry) => {
      [...row].forEach((bit, rx) => {
        if (bit === "1")
          parts.push(
            `<rect x="${hx + rx * hs}" y="${y0 + grid * cell + 60 + ry * hs}" width="${hs}" height="${hs}" fill="${h < lives ? accents[1] : ink}" opacity="${h < lives ? 1 : 0.35}"/>`,
          );
      });
    });
  }
  const lines = input.lines.map((line) => line.toUpperCase());
  const block = stackLines(lines, {
    top: y0 + grid * cell + 190,
    width: 1000,
    maxSize: 130,
    font: "mono",
    fills: [ink, accents[2]],
    gap: 24,
  });
  parts.push(block.svg);
  if (input.caption)
    parts.push(
      text(CX, block.bottom + 60, input.caption.toUpperCase(), {
        maxWidth: 1040,
        size: 44,
        font: "mono",
        fill: accents[0],
        letterSpacing: 4,
      }),
    );
  return { body: parts.join("") };
};

const lineart: Draw = (rng, input) => {
  const { ink, accents } = input.palette;
  const icon = input.icon ?? "mountain";
  const frame = rng.pick(["circle", "arch", "none", "diamond"] as const);
  const parts: string[] = [];
  const cy = 560;
  if (frame === "circle") {
    parts.push(`<circle cx="${CX}" cy="${cy}" r="380" fill="none" stroke="${ink}" stroke-width="14"/>`);
    parts.push(`<circle cx="${CX}" cy="${cy}" r="350" fill="none" stroke="${accents[0]}" stroke-width="6"/>`);
  } else if (frame === "arch") {
    parts.push(
      `<path d="M${CX - 340},${cy + 360} V${cy - 80} A340,340 0 0 1 ${CX + 340},${cy - 80} V${cy + 360} Z" fill="none" stroke="${ink}" stroke-width="14"/>`,
    );
  } else if (frame === "diamond") {
    parts.push(
      `<rect x="${CX - 300}" y="${cy - 300}" width="600" height="600" transform="rotate(45 ${CX} ${cy})" fill="none" stroke="${ink}" stroke-width="12"/>`,
    );
  } else {
    for (let i = 0; i < 5; i++)
      parts.push(sparkle(rng.int(150, 1050), rng.int(150, 950), rng.int(18, 40), accents[i % 4] ?? ink));
  }
  parts.push(drawIcon(icon, CX, cy, 520, ink, accents[rng.int(0, 2)] ?? accents[0]));
  const lines = input.lines.map((line) => (rng.chance(0.7) ? line.toUpperCase() : line));
  const font = rng.pick<FontKey>(["classic", "serif", "narrow", "sans"]);
  const block = stackLines(lines, { top: cy + 430, width: 980, maxSize: 150, font, fills: [ink, accents[0]], gap: 20 });
  parts.push(block.svg);
  if (input.caption)
    parts.push(
      text(CX, block.bottom + 70, input.caption, {
        size: 50,
        maxWidth: 1040,
        font: "mono",
        fill: accents[1],
        letterSpacing: 4,
      }),
    );
  return { body: parts.join("") };
};

const halftone: Draw = (rng, input) => {
  const { ink, accents } = input.palette;
  const pattern = rng.pick(["sphere", "diagonal", "ripple", "sun"] as const);
  const parts: string[] = [];
  const step = 38;
  const cx = CX;
  const cy = 560;
  const radius = 420;
  for (let y = cy - radius; y <= cy + radius; y += step) {
    for (let x = cx - radius; x <= cx + radius; x += step) {
      const dx = x - cx;
      const dy = y - cy;
      const distance = Math.hypot(dx, dy);
      if (distance > radius) continue;
      let weight: number;
      if (pattern === "sphere") weight = 1 - Math.hypot(dx + 140, dy + 140) / (radius * 1.5);
      else if (pattern === "diagonal") weight = (dx + dy + 2 * radius) / (4 * radius);
      else if (pattern === "ripple") weight = 0.5 + 0.5 * Math.sin(distance / 45);
      else weight = 1 - distance / radius;
      const r = Math.max(0, weight) * step * 0.62;
      if (r < 2) continue;
      const fill =
        pattern === "ripple"
          ? Math.floor(distance / 140) % 2 === 0
            ? accents[0]
            : accents[1]
          : dy < 0
            ? accents[0]
            : accents[1];
      parts.push(`<circle cx="${round(x)}" cy="${round(y)}" r="${round(r)}" fill="${fill}"/>`);
    }
  }
  if (input.icon) parts.push(drawIcon(input.icon, cx, cy, 380, ink, accents[2]));
  const lines = input.lines.map((line) => line.toUpperCase());
  const block = stackLines(lines, {
    top: cy + radius + 70,
    width: 1040,
    maxSize: 160,
    font: "heavy",
    fills: [ink, accents[2]],
    gap: 20,
  });
  parts.push(block.svg);
  if (input.caption)
    parts.push(
      text(cx, block.bottom + 60, input.caption, { size: 50, maxWidth: 1040, font: "classic", fill: accents[0] }),
    );
  return { body: parts.join("") };
};

function mascotBody(name: MascotName, fill: string, outline: string, accent: string, strokeWidth = 16): string {
  const o = `stroke="${outline}" stroke-width="${strokeWidth}" stroke-linejoin="round"`;
  switch (name) {
    case "onigiri":
      return `<path d="M0,-260 Q60,-260 230,60 Q290,200 150,220 H-150 Q-290,200 -230,60 Q-60,-260 0,-260 Z" fill="${fill}" ${o}/><rect x="-110" y="110" width="220" height="112" rx="14" fill="#1b1b1d"/>`;
    case "blob":
      return `<path d="M-230,40 Q-250,-220 0,-230 Q240,-240 240,20 Q250,230 0,220 Q-220,230 -230,40 Z" fill="${fill}" ${o}/>`;
    case "cat":
      return `<path d="M-230,-40 L-200,-260 L-90,-170 Q0,-190 90,-170 L200,-260 L230,-40 Q260,200 0,210 Q-260,200 -230,-40 Z" fill="${fill}" ${o}/><path d="M-190,-150 L-180,-225 L-120,-170 Z M190,-150 L180,-225 L120,-170 Z" fill="${accent}"/>`;
    case "toast":
      return `<path d="M-200,-60 Q-280,-120 -220,-200 Q-120,-280 0,-250 Q120,-280 220,-200 Q280,-120 200,-60 V210 H-200 Z" fill="#e0a15a" ${o}/><path d="M-165,-50 Q-230,-110 -180,-170 Q-100,-230 0,-205 Q100,-230 180,-170 Q230,-110 165,-50 V180 H-165 Z" fill="${fill}"/>`;
    case "boba":
      return `<path d="M-200,-140 H200 L160,230 H-160 Z" fill="${fill}" ${o}/><path d="M-220,-170 H220 V-130 H-220 Z" fill="${accent}" ${o}/><path d="M40,-170 L120,-320" stroke="${outline}" stroke-width="34" stroke-linecap="round"/>${[
        -105, -50, 5, 60, 110, -75, 30,
      ]
        .map((x, i) => `<circle cx="${x}" cy="${i < 5 ? 200 : 168}" r="20" fill="#2b1d1a"/>`)
        .join("")}`;
    case "ghost":
      return `<path d="M-200,230 V-40 Q-200,-250 0,-250 Q200,-250 200,-40 V230 L130,180 L65,230 L0,180 L-65,230 L-130,180 Z" fill="${fill}" ${o}/>`;
    case "dumpling":
      return `<path d="M-260,120 Q-240,-180 0,-190 Q240,-180 260,120 Q0,200 -260,120 Z" fill="${fill}" ${o}/><path d="M-120,-150 Q-100,-100 -80,-170 M-20,-180 Q0,-120 20,-185 M80,-170 Q100,-110 120,-150" fill="none" stroke="${outline}" stroke-width="12" stroke-linecap="round"/>`;
    case "mug":
      return `<path d="M-200,-200 H170 V140 Q170,230 80,230 H-110 Q-200,230 -200,140 Z" fill="${fill}" ${o}/><path d="M170,-120 Q290,-120 290,0 Q290,110 170,110" fill="none" stroke="${outline}" stroke-width="30"/><path d="M-120,-250 Q-90,-290 -120,-330 M0,-250 Q30,-300 0,-340" fill="none" stroke="${outline}" stroke-width="14" stroke-linecap="round"/>`;
  }
}

function mascotFace(rng: Prng, outline: string, blush: string): string {
  const eyes = rng.pick(["dots", "happy", "sleepy", "sparkle", "wink"] as const);
  const mouth = rng.pick(["cat", "smile", "open", "flat"] as const);
  const parts: string[] = [];
  const ex = 85;
  const ey = 10;
  const line = `fill="none" stroke="${outline}" stroke-width="14" stroke-linecap="round"`;
  if (eyes === "dots" || eyes === "sparkle") {
    for (const x of [-ex, ex]) {
      parts.push(
        `<ellipse cx="${x}" cy="${ey}" rx="${eyes === "sparkle" ? 34 : 24}" ry="${eyes === "sparkle" ? 42 : 30}" fill="${outline}"/>`,
      );
      parts.push(`<circle cx="${x + 9}" cy="${ey - 12}" r="${eyes === "sparkle" ? 13 : 8}" fill="#ffffff"/>`);
      if (eyes === "sparkle") parts.push(`<circle cx="${x - 10}" cy="${ey + 14}" r="6" fill="#ffffff"/>`);
    }
  } else if (eyes === "happy") {
    for (const x of [-ex, ex])
      parts.push(`<path d="M${x - 30},${ey + 10} Q${x},${ey - 35} ${x + 30},${ey + 10}" ${line}/>`);
  } else if (eyes === "sleepy") {
    for (const x of [-ex, ex]) parts.push(`<path d="M${x - 30},${ey} Q${x},${ey + 25} ${x + 30},${ey}" ${line}/>`);
  } else {
    parts.push(
      `<ellipse cx="${-ex}" cy="${ey}" rx="24" ry="30" fill="${outline}"/><circle cx="${-ex + 8}" cy="${ey - 10}" r="8" fill="#ffffff"/>`,
    );
    parts.push(`<path d="M${ex - 30},${ey} L${ex + 25},${ey - 20} M${ex - 30},${ey} L${ex + 25},${ey + 20}" ${line}/>`);
  }
  parts.push(`<ellipse cx="${-ex - 55}" cy="${ey + 60}" rx="34" ry="20" fill="${blush}" opacity="0.8"/>`);
  parts.push(`<ellipse cx="${ex + 55}" cy="${ey + 60}" rx="34" ry="20" fill="${blush}" opacity="0.8"/>`);
  const my = ey + 70;
  if (mouth === "cat") parts.push(`<path d="M-36,${my} Q-18,${my + 26} 0,${my} Q18,${my + 26} 36,${my}" ${line}/>`);
  else if (mouth === "smile") parts.push(`<path d="M-34,${my - 4} Q0,${my + 36} 34,${my - 4}" ${line}/>`);
  else if (mouth === "open")
    parts.push(
      `<path d="M-28,${my - 6} Q0,${my + 50} 28,${my - 6} Z" fill="${outline}"/><path d="M-14,${my + 18} Q0,${my + 30} 14,${my + 18}" fill="none" stroke="${blush}" stroke-width="10" stroke-linecap="round"/>`,
    );
  else parts.push(`<path d="M-22,${my + 6} H22" ${line}/>`);
  return parts.join("");
}

const mascot: Draw = (rng, input) => {
  const { ink, accents } = input.palette;
  const name = input.mascot ?? rng.pick(MASCOTS);
  const fills: Record<MascotName, string> = {
    onigiri: "#fbfaf5",
    blob: accents[3],
    cat: accents[2],
    toast: "#f6d7a7",
    boba: "#e9c9a4",
    ghost: "#f4f1ff",
    dumpling: "#f7ecd9",
    mug: accents[0],
  };
  const outline = "#1b1b1d";
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const angle = (i / 6) * Math.PI * 2 + rng.float(0, 0.5);
    const x = CX + Math.cos(angle) * 420;
    const y = 560 + Math.sin(angle) * 360;
    parts.push(
      i % 2 === 0
        ? sparkle(x, y, rng.int(24, 44), accents[i % 4] ?? ink)
        : star(x, y, rng.int(18, 30), accents[(i + 1) % 4] ?? ink),
    );
  }
  parts.push(`<ellipse cx="${CX}" cy="${560 + 250}" rx="240" ry="30" fill="${accents[1]}" opacity="0.45"/>`);
  const tilt = rng.int(-8, 8);
  // A sticker border in the ink colour keeps the dark outline readable on dark garments.
  parts.push(`<g transform="translate(${CX} 560) rotate(${tilt})">${mascotBody(name, ink, ink, ink, 56)}</g>`);
  parts.push(
    `<g transform="translate(${CX} 560) rotate(${tilt})">${mascotBody(name, fills[name], outline, accents[1])}<g transform="translate(0 ${name === "onigiri" ? 0 : name === "boba" ? 20 : -10})">${mascotFace(rng, outline, accents[1])}</g></g>`,
  );
  const lines = input.lines;
  const font = rng.pick<FontKey>(["heavy", "sans", "serif"]);
  const block = stackLines(lines, {
    top: 900,
    width: 1000,
    maxSize: 150,
    font,
    fills: [ink, accents[0]],
    gap: 22,
    stroke: undefined,
  });
  parts.push(block.svg);
  if (input.caption)
    parts.push(
      text(CX, block.bottom + 70, input.caption, { size: 52, maxWidth: 1040, font: "mono", fill: accents[2] }),
    );
  return { body: parts.join("") };
};

const waves: Draw = (rng, input) => {
  const { ink, accents } = input.palette;
  const parts: string[] = [];
  const colours = [accents[0], accents[1], accents[2], accents[3], ink];
  const amplitude = rng.int(30, 60);
  const wavelength = rng.pick([200, 240, 300]);
  const top = 520;
  const band = 58;
  colours.forEach((fill, index) => {
    const y = top + index * band;
    let d = `M80,${y}`;
    for (let x = 80; x < 1120; x += wavelength / 2) {
      const direction = ((x - 80) / (wavelength / 2)) % 2 === 0 ? -1 : 1;
      d += ` Q${x + wavelength / 4},${y + direction * amplitude} ${Math.min(1120, x + wavelength / 2)},${y}`;
    }
    d += ` V${y + band - 10}`;
    for (let x = 1120; x > 80; x -= wavelength / 2) {
      const direction = ((1120 - x) / (wavelength / 2)) % 2 === 0 ? 1 : -1;
      d += ` Q${x - wavelength / 4},${y + band - 10 + direction * amplitude} ${Math.max(80, x - wavelength / 2)},${y + band - 10}`;
    }
    parts.push(`<path d="${d} Z" fill="${fill}"/>`);
  });
  const lines = input.lines;
  const first = lines[0] ?? "";
  const size = fitFontSize(first, 1040, 210, "serif");
  parts.push(text(CX + 10, 430 + 10, first, { size, font: "serif", fill: accents[1] }));
  parts.push(text(CX, 430, first, { size, font: "serif", fill: ink }));
  if (lines.length > 1)
    parts.push(
      stackLines(lines.slice(1), {
        top: top + 5 * band + 80,
        width: 900,
        maxSize: 140,
        font: "narrow",
        fills: [ink, accents[2]],
        gap: 20,
      }).svg,
    );
  if (input.caption)
    parts.push(
      text(CX, 250, input.caption.toUpperCase(), {
        size: 50,
        maxWidth: 1040,
        font: "mono",
        fill: accents[0],
        letterSpacing: 10,
      }),
    );
  return { body: parts.join("") };
};

const heritage: Draw = (rng, input) => {
  const { ink, accents } = input.palette;
  const parts: string[] = [];
  // Geometric bands of triangles, diamonds and steps, in the spirit of woven and stamped cloth.
  const band = (y: number, kind: number) => {
    const size = 60;
    for (let i = 0; i < 1000 / size; i++) {
      const x = 100 + i * size;
      const fill = [accents[0], accents[1], accents[2]][i % 3] ?? ink;
      if (kind === 0)
        parts.push(`<polygon points="${x},${y + size} ${x + size / 2},${y} ${x + size},${y + size}" fill="${fill}"/>`);
      else if (kind === 1)
        parts.push(
          `<polygon points="${x + size / 2},${y} ${x + size},${y + size / 2} ${x + size / 2},${y + size} ${x},${y + size / 2}" fill="${fill}"/>`,
        );
      else
        parts.push(
          `<rect x="${x + 4}" y="${y + (i % 2) * 20}" width="${size - 8}" height="${size - 20}" fill="${fill}"/>`,
        );
    }
  };
  const kinds = rng.shuffle([0, 1, 2]);
  band(170, kinds[0] ?? 0);
  parts.push(`<rect x="100" y="250" width="1000" height="12" fill="${ink}"/>`);
  const caption = input.caption ?? "";
  const lines = input.lines.map((line) => line.toUpperCase());
  const font = rng.pick<FontKey>(["serif", "classic"]);
  let y = 330;
  if (caption && /\d{4}/.test(caption)) {
    const size = fitFontSize(caption, 900, 300, "serif");
    parts.push(text(CX, y + size * 0.8, caption, { size, font: "serif", fill: accents[0] }));
    y += size * 0.95;
  } else {
    parts.push(
      star(CX - 140, y + 70, 40, accents[0]),
      star(CX, y + 60, 56, accents[1]),
      star(CX + 140, y + 70, 40, accents[0]),
    );
    y += 160;
  }
  const block = stackLines(lines, { top: y, width: 980, maxSize: 170, font, fills: [ink, accents[1], ink], gap: 28 });
  parts.push(block.svg);
  band(block.bottom + 40, kinds[1] ?? 1);
  parts.push(`<rect x="100" y="${block.bottom + 120}" width="1000" height="12" fill="${ink}"/>`);
  if (caption && !/\d{4}/.test(caption))
    parts.push(text(CX, block.bottom + 230, caption, { size: 58, maxWidth: 1040, font: "classic", fill: ink }));
  else band(block.bottom + 160, kinds[2] ?? 2);
  return { body: parts.join("") };
};

const dice: Draw = (rng, input) => {
  const { ink, accents } = input.palette;
  const parts: string[] = [];
  const cy = 580;
  for (let i = 0; i < 16; i++) {
    const angle = (i / 16) * Math.PI * 2;
    const inner = 320;
    const outer = i % 2 === 0 ? 470 : 410;
    parts.push(
      `<line x1="${round(CX + Math.cos(angle) * inner)}" y1="${round(cy + Math.sin(angle) * inner)}" x2="${round(CX + Math.cos(angle) * outer)}" y2="${round(cy + Math.sin(angle) * outer)}" stroke="${accents[i % 2 === 0 ? 0 : 2]}" stroke-width="14" stroke-linecap="round"/>`,
    );
  }
  parts.push(
    `<g transform="rotate(${rng.int(-12, 12)} ${CX} ${cy})">${drawIcon("d20", CX, cy, 560, ink, accents[1])}</g>`,
  );
  parts.push(sparkle(CX - 330, cy - 300, 44, accents[2]), sparkle(CX + 340, cy + 280, 36, accents[3]));
  const lines = input.lines.map((line) => line.toUpperCase());
  const font = rng.pick<FontKey>(["heavy", "serif", "narrow"]);
  const block = stackLines(lines, {
    top: cy + 470,
    width: 1000,
    maxSize: 150,
    font,
    fills: [ink, accents[0]],
    gap: 20,
  });
  parts.push(block.svg);
  if (input.caption)
    parts.push(
      text(CX, block.bottom + 60, input.caption, { size: 48, maxWidth: 1040, font: "mono", fill: accents[2] }),
    );
  return { body: parts.join("") };
};

const DRAWERS: Record<ArtworkFamily, Draw> = {
  slogan,
  sunset,
  pixel,
  lineart,
  halftone,
  mascot,
  waves,
  heritage,
  dice,
};

/** A move and scale of a whole drawing inside its canvas (`fitArtworkSvg`): x' = scale * x + dx. */
export type ArtworkFit = { scale: number; dx: number; dy: number };

/**
 * The SVG of one artwork: transparent background, drawn for a 4:5 print area, rendered at `width`. `fit`
 * moves and scales the whole drawing (so one that runs off its canvas comes back inside); `overscan` also
 * shows that share of the canvas beyond each edge (tests: nothing may be drawn there).
 */
export function generateArtworkSvg(
  input: ArtworkInput,
  width = 960,
  options: { fit?: ArtworkFit; overscan?: number } = {},
): string {
  const rng = createPrng(`${input.family}:${input.seed}`);
  const { body, defs } = DRAWERS[input.family](rng, input);
  const { fit } = options;
  const placed =
    fit && (fit.scale !== 1 || fit.dx !== 0 || fit.dy !== 0)
      ? `<g transform="translate(${round(fit.dx)} ${round(fit.dy)}) scale(${fit.scale.toFixed(4)})">${body}</g>`
      : body;
  return svgDocument(placed, width, Math.round((width * 5) / 4), defs, options.overscan ?? 0);
}
