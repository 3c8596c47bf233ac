/** Small SVG building blocks shared by the artwork generators. Coordinates are in a 1200x1500 canvas. */
export const CANVAS_WIDTH = 1200;
export const CANVAS_HEIGHT = 1500;

/** Font families installed with the system (DejaVu, Liberation) and their average advance per em. */
export const FONTS = {
  heavy: { family: "DejaVu Sans", weight: "bold", advance: 0.74 },
  narrow: { family: "Liberation Sans Narrow", weight: "bold", advance: 0.52 },
  sans: { family: "Liberation Sans", weight: "bold", advance: 0.66 },
  serif: { family: "DejaVu Serif", weight: "bold", advance: 0.76 },
  classic: { family: "Liberation Serif", weight: "bold", advance: 0.66 },
  mono: { family: "DejaVu Sans Mono", weight: "bold", advance: 0.61 },
} as const;
export type FontKey = keyof typeof FONTS;

/** Escapes text for XML content and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Estimated width of a line of text in canvas units (glyph widths vary, so this errs on the wide side). */
export function estimateTextWidth(text: string, fontSize: number, font: FontKey, letterSpacing = 0): number {
  const { advance } = FONTS[font];
  let units = 0;
  for (const char of text) {
    if (char === " ") units += 0.36;
    else if (/[il.,'!:;|]/.test(char)) units += font === "mono" ? 1 : 0.42;
    else if (/[MW@%]/.test(char)) units += font === "mono" ? 1 : 1.3;
    else if (/[a-z]/.test(char)) units += font === "mono" ? 1 : 0.86;
    else units += 1;
  }
  return units * advance * fontSize + Math.max(0, text.length - 1) * letterSpacing;
}

/** The largest font size (up to `maxSize`) at which the text fits `maxWidth`. */
export function fitFontSize(text: string, maxWidth: number, maxSize: number, font: FontKey, letterSpacing = 0): number {
  const atOne = estimateTextWidth(text, 1, font, 0);
  const spacing = Math.max(0, text.length - 1) * letterSpacing;
  return Math.max(18, Math.min(maxSize, Math.floor((maxWidth - spacing) / Math.max(atOne, 0.01))));
}

export type TextOptions = {
  size: number;
  font: FontKey;
  fill?: string;
  anchor?: "start" | "middle" | "end";
  stroke?: string;
  strokeWidth?: number;
  letterSpacing?: number;
  opacity?: number;
  transform?: string;
  /** The widest the line may be: the size shrinks to fit (captions of any length stay on the canvas). */
  maxWidth?: number;
};

/** A `<text>` element; the stroke is painted under the fill so outlines never eat into letters. */
export function text(x: number, y: number, content: string, options: TextOptions): string {
  const font = FONTS[options.font];
  const size =
    options.maxWidth === undefined
      ? options.size
      : Math.min(
          options.size,
          fitFontSize(content, options.maxWidth, options.size, options.font, options.letterSpacing),
        );
  const attributes = [
    `x="${round(x)}"`,
    `y="${round(y)}"`,
    `font-family="${font.family}"`,
    `font-weight="${font.weight}"`,
    `font-size="${round(size)}"`,
    `text-anchor="${options.anchor ?? "middle"}"`,
    `fill="${options.fill ?? "none"}"`,
  ];
  if (options.stroke) {
    attributes.push(
      `stroke="${options.stroke}"`,
      `stroke-width="${options.strokeWidth ?? 8}"`,
      `stroke-linejoin="round"`,
      `paint-order="stroke"`,
    );
  }
  if (options.letterSpacing) attributes.push(`letter-spacing="${options.letterSpacing}"`);
  if (options.opacity !== undefined) attributes.push(`opacity="${options.opacity}"`);
  if (options.transform) attributes.push(`transform="${options.transform}"`);
  return `<text ${attributes.join(" ")}>${escapeXml(content)}</text>`;
}

/**
 * Text set letter by letter along a circle (librsvg's textPath support is partial, so each glyph is placed
 * and rotated by hand). `centerAngle` is in degrees, 0 at the top; `inside` flips the text for bottom arcs.
 */
export function arcText(
  content: string,
  cx: number,
  cy: number,
  radius: number,
  centerAngle: number,
  options: TextOptions & { bottom?: boolean },
): string {
  const letterSpacing = options.letterSpacing ?? options.size * 0.08;
  const widths = [...content].map((char) => estimateTextWidth(char, options.size, options.font) + letterSpacing);
  const total = widths.reduce((sum, width) => sum + width, 0);
  const direction = options.bottom ? -1 : 1;
  let angle = centerAngle - (direction * ((total / 2 / radius) * 180)) / Math.PI;
  const glyphs: string[] = [];
  [...content].forEach((char, index) => {
    const width = widths[index] ?? 0;
    const mid = angle + direction * (((width / 2 / radius) * 180) / Math.PI);
    const radians = ((mid - 90) * Math.PI) / 180;
    const x = cx + radius * Math.cos(radians);
    const y = cy + radius * Math.sin(radians);
    const rotation = options.bottom ? mid + 180 : mid;
    if (char !== " ") {
      glyphs.push(
        text(x, y, char, {
          ...options,
          letterSpacing: 0,
          transform: `rotate(${round(rotation)} ${round(x)} ${round(y)})`,
        }),
      );
    }
    angle += (direction * ((width / radius) * 180)) / Math.PI;
  });
  return glyphs.join("");
}

/** A five-pointed star centred on (cx, cy). */
export function star(cx: number, cy: number, outer: number, fill: string, points = 5, innerRatio = 0.45): string {
  const coordinates: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const radius = i % 2 === 0 ? outer : outer * innerRatio;
    const angle = (Math.PI * i) / points - Math.PI / 2;
    coordinates.push(`${round(cx + radius * Math.cos(angle))},${round(cy + radius * Math.sin(angle))}`);
  }
  return `<polygon points="${coordinates.join(" ")}" fill="${fill}"/>`;
}

/** A four-pointed sparkle. */
export function sparkle(cx: number, cy: number, size: number, fill: string): string {
  const s = size;
  const k = size * 0.22;
  return `<path d="M${cx},${cy - s} Q${cx + k},${cy - k} ${cx + s},${cy} Q${cx + k},${cy + k} ${cx},${cy + s} Q${cx - k},${cy + k} ${cx - s},${cy} Q${cx - k},${cy - k} ${cx},${cy - s}Z" fill="${fill}"/>`;
}

/** Rounds to 0.1 so the SVG stays short and identical across runs. */
export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Wraps canvas content into a document rendered at `width` x `height` pixels. `overscan` (a share of the
 * canvas) widens the view by that much beyond every edge, at the same scale, so whatever a drawing puts
 * outside its canvas (and the PNG would cut off) shows: what the artwork fit test looks for.
 */
export function svgDocument(body: string, width: number, height: number, defs = "", overscan = 0): string {
  const x = -overscan * CANVAS_WIDTH;
  const y = -overscan * CANVAS_HEIGHT;
  const grow = 1 + 2 * overscan;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(width * grow)}" height="${Math.round(height * grow)}" viewBox="${x} ${y} ${CANVAS_WIDTH * grow} ${CANVAS_HEIGHT * grow}">${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>`;
}
