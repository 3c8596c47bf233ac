import sharp from "sharp";

/**
 * A sample artwork drawn by us (a retro badge: sunset, mountains, pines, a black outline and a title),
 * rendered to a transparent PNG. Used by the image benchmark and the pipeline tests: it has light, dark
 * and saturated inks, so it shows how prints read on every garment colour.
 */
function sampleArtworkSvg(title = "STAY WILD", size = 1200): string {
  const stripes = [0, 1, 2, 3]
    .map((index) => `<rect x="0" y="${388 + index * 34}" width="1200" height="${14 + index * 3}" fill="#1d1a2f"/>`)
    .join("");
  const pines = [230, 300, 860, 930, 990]
    .map(
      (x, index) =>
        `<path d="M ${x} ${700 - (index % 2) * 40} l -46 120 h 26 l -40 90 h 120 l -40 -90 h 26 z" fill="#173b2f" stroke="#111" stroke-width="8" stroke-linejoin="round"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size * 1.25}" viewBox="0 0 1200 1500">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ff5e62"/><stop offset="0.55" stop-color="#ff9966"/><stop offset="1" stop-color="#ffd86f"/>
    </linearGradient>
    <clipPath id="badge"><circle cx="600" cy="560" r="470"/></clipPath>
  </defs>
  <g clip-path="url(#badge)">
    <rect x="0" y="0" width="1200" height="1100" fill="url(#sky)"/>
    <circle cx="600" cy="520" r="230" fill="#fff3b0"/>
    ${stripes}
    <path d="M 80 900 L 360 520 L 520 720 L 700 440 L 1120 900 Z" fill="#3b4a8c" stroke="#111" stroke-width="10" stroke-linejoin="round"/>
    <path d="M 700 440 L 640 530 L 700 500 L 760 540 Z M 360 520 L 320 574 L 370 556 L 404 580 Z" fill="#f4f1ea"/>
    <path d="M 0 860 C 300 800 600 930 1200 840 L 1200 1100 L 0 1100 Z" fill="#24614a" stroke="#111" stroke-width="10"/>
    ${pines}
  </g>
  <circle cx="600" cy="560" r="470" fill="none" stroke="#111" stroke-width="22"/>
  <circle cx="600" cy="560" r="440" fill="none" stroke="#f4f1ea" stroke-width="8"/>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" text-anchor="middle">
    <text x="600" y="1260" font-size="190" fill="#111" letter-spacing="8">${title}</text>
    <text x="600" y="1390" font-size="70" fill="#e2493b" letter-spacing="22">EST. 2024</text>
  </g>
</svg>`;
}

/** The sample artwork as a transparent PNG. */
export function renderSampleArtwork(title?: string, size?: number): Promise<Buffer> {
  return sharp(Buffer.from(sampleArtworkSvg(title, size)))
    .png()
    .toBuffer();
}
