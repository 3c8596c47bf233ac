/**
 * Line-art icons drawn in a 400x400 box (origin at its centre), stroked with round caps so they read as
 * hand-inked. `ink` strokes the outline, `accent` fills a highlight.
 */
export const ICON_NAMES = [
  "mountain",
  "coffee",
  "cat",
  "planet",
  "rocket",
  "d20",
  "leaf",
  "wave",
  "ramen",
  "potion",
  "controller",
  "atom",
  "book",
  "cactus",
  "moon",
  "sword",
  "plant",
  "fist",
] as const;
export type IconName = (typeof ICON_NAMES)[number];

type IconDrawer = (ink: string, accent: string) => string;

const stroke = (ink: string, width = 16) =>
  `fill="none" stroke="${ink}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;

const ICONS: Record<IconName, IconDrawer> = {
  mountain: (ink, accent) =>
    `<circle cx="90" cy="-90" r="52" fill="${accent}"/>` +
    `<path d="M-190,140 L-60,-70 L10,40 L70,-30 L190,140 Z" ${stroke(ink)}/>` +
    `<path d="M-95,-15 L-60,-70 L-25,-15 L-45,-25 L-60,-5 L-78,-25 Z" fill="${ink}"/>` +
    `<path d="M-150,170 H150 M-100,200 H100" ${stroke(ink, 12)}/>`,
  coffee: (ink, accent) =>
    `<path d="M-140,-40 H100 V80 Q100,170 10,170 H-50 Q-140,170 -140,80 Z" ${stroke(ink)}/>` +
    `<path d="M-125,-10 H85 V70 Q85,150 10,150 H-50 Q-125,150 -125,70 Z" fill="${accent}" opacity="0.85"/>` +
    `<path d="M100,0 Q175,0 175,55 Q175,115 100,115" ${stroke(ink)}/>` +
    `<path d="M-80,-90 Q-60,-120 -80,-150 M-20,-90 Q0,-130 -20,-170 M40,-90 Q60,-120 40,-150" ${stroke(ink, 12)}/>` +
    `<path d="M-180,195 H180" ${stroke(ink, 12)}/>`,
  cat: (ink, accent) =>
    `<path d="M-150,-40 L-140,-180 L-60,-110 Q0,-130 60,-110 L140,-180 L150,-40 Q170,150 0,160 Q-170,150 -150,-40 Z" ${stroke(ink)}/>` +
    `<path d="M-125,-70 L-120,-140 L-80,-105 Z M125,-70 L120,-140 L80,-105 Z" fill="${accent}"/>` +
    `<ellipse cx="-60" cy="10" rx="22" ry="30" fill="${ink}"/><ellipse cx="60" cy="10" rx="22" ry="30" fill="${ink}"/>` +
    `<path d="M-20,60 L0,78 L20,60 M0,78 Q-25,105 -45,90 M0,78 Q25,105 45,90" ${stroke(ink, 10)}/>` +
    `<path d="M-110,55 L-210,35 M-110,80 L-205,95 M110,55 L210,35 M110,80 L205,95" ${stroke(ink, 8)}/>`,
  planet: (ink, accent) =>
    `<circle cx="0" cy="0" r="115" fill="${accent}"/><circle cx="0" cy="0" r="115" ${stroke(ink)}/>` +
    `<path d="M-100,-10 Q0,20 100,-10 M-80,50 Q0,75 85,45" ${stroke(ink, 10)}/>` +
    `<ellipse cx="0" cy="0" rx="205" ry="58" transform="rotate(-18)" ${stroke(ink)}/>` +
    `<circle cx="-160" cy="-150" r="10" fill="${ink}"/><circle cx="170" cy="-120" r="7" fill="${ink}"/><circle cx="140" cy="160" r="9" fill="${ink}"/>`,
  rocket: (ink, accent) =>
    `<path d="M0,-190 Q90,-100 70,70 H-70 Q-90,-100 0,-190 Z" ${stroke(ink)}/>` +
    `<circle cx="0" cy="-50" r="38" fill="${accent}"/><circle cx="0" cy="-50" r="38" ${stroke(ink, 12)}/>` +
    `<path d="M-70,20 L-130,100 L-60,80 M70,20 L130,100 L60,80" ${stroke(ink)}/>` +
    `<path d="M-40,80 Q0,210 40,80 Z" fill="${accent}"/><path d="M-40,80 Q0,210 40,80" ${stroke(ink, 12)}/>`,
  d20: (ink, accent) =>
    `<polygon points="0,-190 165,-95 165,95 0,190 -165,95 -165,-95" ${stroke(ink)}/>` +
    `<polygon points="0,-95 95,70 -95,70" fill="${accent}" opacity="0.9"/>` +
    `<polygon points="0,-95 95,70 -95,70" ${stroke(ink, 12)}/>` +
    `<path d="M0,-190 L0,-95 M165,-95 L0,-95 M-165,-95 L0,-95 M165,-95 L95,70 M-165,-95 L-95,70 M165,95 L95,70 M-165,95 L-95,70 M0,190 L95,70 M0,190 L-95,70" ${stroke(ink, 10)}/>` +
    `<text x="0" y="45" font-family="DejaVu Sans" font-weight="bold" font-size="78" text-anchor="middle" fill="${ink}">20</text>`,
  leaf: (ink, accent) =>
    `<path d="M0,180 Q-200,40 -60,-160 Q0,-200 60,-160 Q200,40 0,180 Z" fill="${accent}"/>` +
    `<path d="M0,180 Q-200,40 -60,-160 Q0,-200 60,-160 Q200,40 0,180 Z" ${stroke(ink)}/>` +
    `<path d="M0,200 V-150 M0,-60 L-70,-110 M0,-10 L80,-70 M0,40 L-90,-10 M0,90 L85,40" ${stroke(ink, 10)}/>`,
  wave: (ink, accent) =>
    `<path d="M-190,120 Q-180,-150 40,-150 Q180,-150 170,-40 Q160,40 80,30 Q20,20 40,-40 Q-40,-40 -60,60 Q-70,120 -190,120 Z" fill="${accent}"/>` +
    `<path d="M-190,120 Q-180,-150 40,-150 Q180,-150 170,-40 Q160,40 80,30 Q20,20 40,-40 Q-40,-40 -60,60 Q-70,120 -190,120 Z" ${stroke(ink)}/>` +
    `<path d="M-200,170 Q-150,140 -100,170 T0,170 T100,170 T200,170" ${stroke(ink, 12)}/>`,
  ramen: (ink, accent) =>
    `<path d="M-190,-10 H190 Q180,170 0,170 Q-180,170 -190,-10 Z" fill="${accent}"/>` +
    `<path d="M-190,-10 H190 Q180,170 0,170 Q-180,170 -190,-10 Z" ${stroke(ink)}/>` +
    `<path d="M-60,170 V195 H60 V170" ${stroke(ink, 12)}/>` +
    `<path d="M-120,-10 Q-110,-60 -80,-40 Q-50,-20 -40,-70 Q-30,-110 0,-60 Q20,-20 40,-70" ${stroke(ink, 10)}/>` +
    `<path d="M60,-200 L-20,-10 M120,-190 L20,-10" ${stroke(ink, 12)}/>` +
    `<circle cx="110" cy="40" r="34" fill="${ink}"/><circle cx="110" cy="40" r="16" fill="${accent}"/>`,
  potion: (ink, accent) =>
    `<path d="M-40,-170 H40 V-90 Q150,-40 140,70 Q120,180 0,180 Q-120,180 -140,70 Q-150,-40 -40,-90 Z" ${stroke(ink)}/>` +
    `<path d="M-128,40 Q0,0 128,40 Q115,160 0,162 Q-115,160 -128,40 Z" fill="${accent}"/>` +
    `<path d="M-55,-185 H55" ${stroke(ink)}/>` +
    `<circle cx="-40" cy="80" r="14" fill="${ink}"/><circle cx="30" cy="110" r="9" fill="${ink}"/><circle cx="50" cy="60" r="11" fill="${ink}"/>`,
  controller: (ink, accent) =>
    `<path d="M-120,-70 H120 Q200,-70 200,40 Q200,140 140,140 Q100,140 70,80 H-70 Q-100,140 -140,140 Q-200,140 -200,40 Q-200,-70 -120,-70 Z" ${stroke(ink)}/>` +
    `<path d="M-125,-10 V60 M-160,25 H-90" ${stroke(ink, 18)}/>` +
    `<circle cx="95" cy="0" r="18" fill="${accent}"/><circle cx="140" cy="40" r="18" fill="${accent}"/>` +
    `<circle cx="95" cy="0" r="18" ${stroke(ink, 8)}/><circle cx="140" cy="40" r="18" ${stroke(ink, 8)}/>`,
  atom: (ink, accent) =>
    `<circle cx="0" cy="0" r="34" fill="${accent}"/>` +
    `<ellipse cx="0" cy="0" rx="190" ry="70" ${stroke(ink, 14)}/>` +
    `<ellipse cx="0" cy="0" rx="190" ry="70" transform="rotate(60)" ${stroke(ink, 14)}/>` +
    `<ellipse cx="0" cy="0" rx="190" ry="70" transform="rotate(-60)" ${stroke(ink, 14)}/>` +
    `<circle cx="190" cy="0" r="16" fill="${accent}"/>`,
  book: (ink, accent) =>
    `<path d="M0,-110 Q-90,-160 -190,-120 V130 Q-90,90 0,140 Q90,90 190,130 V-120 Q90,-160 0,-110 Z" fill="${accent}"/>` +
    `<path d="M0,-110 Q-90,-160 -190,-120 V130 Q-90,90 0,140 Q90,90 190,130 V-120 Q90,-160 0,-110 Z M0,-110 V140" ${stroke(ink)}/>` +
    `<path d="M-150,-60 Q-90,-80 -40,-55 M-150,-10 Q-90,-30 -40,-5 M40,-55 Q90,-80 150,-60 M40,-5 Q90,-30 150,-10" ${stroke(ink, 9)}/>`,
  cactus: (ink, accent) =>
    `<path d="M-40,150 V-130 Q0,-190 40,-130 V150 M40,20 H90 Q120,20 120,-10 V-80 M-40,60 H-90 Q-120,60 -120,30 V-30" ${stroke(ink)}/>` +
    `<path d="M-150,150 H150 L120,200 H-120 Z" fill="${accent}"/>` +
    `<path d="M-150,150 H150 L120,200 H-120 Z" ${stroke(ink, 12)}/>`,
  moon: (ink, accent) =>
    `<path d="M40,-180 Q-160,-160 -160,10 Q-150,190 60,180 Q-60,110 -50,0 Q-40,-120 40,-180 Z" fill="${accent}"/>` +
    `<path d="M40,-180 Q-160,-160 -160,10 Q-150,190 60,180 Q-60,110 -50,0 Q-40,-120 40,-180 Z" ${stroke(ink)}/>` +
    `<path d="M110,-90 l0,50 M85,-65 h50 M150,40 l0,36 M132,58 h36" ${stroke(ink, 10)}/>`,
  sword: (ink, accent) =>
    `<path d="M0,-200 L35,-150 V90 H-35 V-150 Z" fill="${accent}"/>` +
    `<path d="M0,-200 L35,-150 V90 H-35 V-150 Z M0,-150 V80" ${stroke(ink, 12)}/>` +
    `<path d="M-110,95 H110 M0,100 V180" ${stroke(ink, 22)}/><circle cx="0" cy="195" r="20" fill="${ink}"/>`,
  plant: (ink, accent) =>
    `<path d="M-100,60 H100 L75,200 H-75 Z" fill="${accent}"/>` +
    `<path d="M-100,60 H100 L75,200 H-75 Z" ${stroke(ink, 14)}/>` +
    `<path d="M0,60 V-40 Q-10,-150 -130,-160 Q-130,-60 0,-40 M0,0 Q20,-130 140,-120 Q130,-20 0,0" ${stroke(ink, 14)}/>`,
  fist: (ink, accent) =>
    `<path d="M-110,-120 Q-110,-160 -70,-160 Q-40,-160 -40,-130 Q-30,-170 5,-165 Q35,-160 35,-125 Q50,-160 85,-150 Q115,-140 110,-100 Q140,-120 160,-90 Q175,-60 150,-20 L120,60 Q100,110 60,120 V200 H-90 V120 Q-140,80 -130,10 Z" fill="${accent}"/>` +
    `<path d="M-110,-120 Q-110,-160 -70,-160 Q-40,-160 -40,-130 Q-30,-170 5,-165 Q35,-160 35,-125 Q50,-160 85,-150 Q115,-140 110,-100 Q140,-120 160,-90 Q175,-60 150,-20 L120,60 Q100,110 60,120 V200 H-90 V120 Q-140,80 -130,10 Z" ${stroke(ink, 14)}/>` +
    `<path d="M-40,-130 V-60 M35,-125 V-60 M110,-100 V-55 M-120,-20 Q-40,-10 20,-40" ${stroke(ink, 10)}/>`,
};

/** Draws an icon centred at (cx, cy), scaled from its 400-unit box to `size`. */
export function drawIcon(name: IconName, cx: number, cy: number, size: number, ink: string, accent: string): string {
  const scale = size / 400;
  return `<g transform="translate(${cx} ${cy}) scale(${scale})">${ICONS[name](ink, accent)}</g>`;
}
