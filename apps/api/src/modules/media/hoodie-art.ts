import {
  blurFilter,
  both,
  type Fold,
  type GarmentDrawing,
  grey,
  lightLayer,
  mirrored,
  mirrorPath,
  offsetPoints,
  outlinePath,
  outlinePoints,
  type Point,
  polyline,
  ribLines,
  type Segment,
  STITCH,
  shadeLayer,
  symmetricOutline,
} from "./garment-drawing.ts";

/**
 * Our pullover hoodie, front view: a hood standing round the neck with its opening, the hood's hem
 * and eyelets, drawstrings hanging over the chest, dropped shoulders, long sleeves with ribbed cuffs,
 * a kangaroo pocket and a ribbed waistband. Proportions of a regular-fit fleece hoodie: boxier and a
 * little wider than the tee. The print sits on the chest between the hood and the pocket; the
 * drawstrings hang over it (the cover layer keeps the ink under them).
 * Points are of the left half; the right half mirrors them.
 */

const HOOD_TOP: Point = [500, 26];
/** The hood's outline seen from the front, from the top down to where it meets the shoulder. */
const HOOD_OUTER: Segment[] = [
  { c1: [430, 26], c2: [368, 38], to: [336, 82] },
  { c1: [304, 126], c2: [306, 196], to: [340, 236] },
];
const HOOD_BASE: Point = [340, 236];
/** The seam where the hood meets the front of the body, down to the centre front. */
const NECK_SEAM: Segment = { c1: [368, 266], c2: [440, 290], to: [500, 292] };
/** The hood's front edge (the outside of its hem), from the top of the opening down to the centre front. */
const HEM_TOP: Point = [500, 64];
const HEM_OUTER: Segment[] = [
  { c1: [426, 70], c2: [388, 118], to: [398, 174] },
  { c1: [410, 234], c2: [462, 274], to: [500, 292] },
];
/** The opening itself (the inside of the hem). */
const OPENING_TOP: Point = [500, 86];
const OPENING: Segment[] = [
  { c1: [442, 90], c2: [410, 126], to: [419, 170] },
  { c1: [428, 216], c2: [470, 248], to: [500, 264] },
];

const SHOULDER: Point = [248, 270];
const ARMPIT: Point = [264, 410];
const CUFF_SEAM_OUTER: Point = [136, 790];
const CUFF_SEAM_INNER: Point = [210, 798];
const SLEEVE_OUTER: Segment[] = [
  { c1: [200, 290], c2: [160, 372], to: [150, 470] },
  { c1: [140, 560], c2: [134, 700], to: CUFF_SEAM_OUTER },
];
/** From the cuff seam up the inside of the sleeve to the armpit. */
const SLEEVE_INNER: Segment = { c1: [222, 660], c2: [250, 520], to: ARMPIT };
const CUFF_SEAM: Segment = { c1: [158, 798], c2: [186, 801], to: CUFF_SEAM_INNER };
const CUFF_SEAM_BACK: Segment = { c1: [186, 801], c2: [158, 798], to: CUFF_SEAM_OUTER };
const CUFF: Segment[] = [
  { to: [142, 870] },
  { c1: [162, 876], c2: [184, 877], to: [204, 874] },
  { to: CUFF_SEAM_INNER },
];
/** The dropped shoulder's seam, from the shoulder point down to the armpit, and back up. */
const ARMHOLE: Segment = { c1: [244, 322], c2: [252, 374], to: ARMPIT };
const ARMHOLE_UP: Segment = { c1: [252, 374], c2: [244, 322], to: SHOULDER };
const BAND_TOP_Y = 830;
const BAND_SIDE_TOP: Point = [258, BAND_TOP_Y];
const BAND_SIDE_BOTTOM: Point = [266, 896];
const BODY_SIDE: Segment = { c1: [262, 520], c2: [258, 700], to: BAND_SIDE_TOP };
const BAND_BOTTOM: Segment = { c1: [370, 903], c2: [430, 904], to: [500, 904] };
/** The kangaroo pocket: top edge, the hand opening curving down to the side, the side down to the band. */
const POCKET_TOP_Y = 626;
const POCKET_CORNER: Point = [372, POCKET_TOP_Y];
const POCKET_OPENING: Segment = { c1: [352, 688], c2: [318, 738], to: [292, 774] };
const POCKET_SIDE_BOTTOM: Point = [288, BAND_TOP_Y];

/** Eyelets in the hood's hem, and the drawstrings hanging from them (a little unevenly, as they do). */
const EYELET: Point = [456, 248];
const STRINGS = [
  { cord: "M 456 254 C 452 314, 446 380, 446 448", tip: "M 446 450 L 447 478" },
  { cord: "M 544 254 C 549 308, 555 366, 553 428", tip: "M 553 430 L 552 458" },
];
const CORD_WIDTH = 11;
const TIP_WIDTH = 12;

const PRINT_AREA = { x: 364, y: 314, width: 272, height: 294 };

function buildPaths() {
  const silhouette = symmetricOutline(HOOD_TOP, [
    ...HOOD_OUTER,
    { c1: [306, 248], c2: [276, 256], to: SHOULDER },
    ...SLEEVE_OUTER,
    ...CUFF,
    SLEEVE_INNER,
    BODY_SIDE,
    { to: BAND_SIDE_BOTTOM },
    BAND_BOTTOM,
  ]);
  const pocketOpening = outlinePoints(POCKET_CORNER, [POCKET_OPENING]);
  const hem = outlinePoints(HEM_TOP, HEM_OUTER);
  return {
    silhouette,
    hood: symmetricOutline(HOOD_TOP, [...HOOD_OUTER, NECK_SEAM]),
    hem: symmetricOutline(HEM_TOP, HEM_OUTER),
    opening: symmetricOutline(OPENING_TOP, OPENING),
    openingEdge: both(outlinePath(OPENING_TOP, OPENING)),
    hemEdge: both(outlinePath(HEM_TOP, HEM_OUTER)),
    hemStitch: both(polyline(offsetPoints(hem, -7))),
    hemMiddle: both(polyline(offsetPoints(hem, -12))),
    neckSeam: both(outlinePath(HOOD_BASE, [NECK_SEAM])),
    sleeveLeft: `${outlinePath(SHOULDER, [...SLEEVE_OUTER, CUFF_SEAM, SLEEVE_INNER, ARMHOLE_UP])} Z`,
    armholes: both(outlinePath(SHOULDER, [ARMHOLE])),
    armholeStitches: both(
      outlinePath([SHOULDER[0] + 7, SHOULDER[1]], [{ ...ARMHOLE, to: [ARMPIT[0] + 6, ARMPIT[1]] }]),
    ),
    cuffs: both(`${outlinePath(CUFF_SEAM_OUTER, [...CUFF, CUFF_SEAM_BACK])} Z`),
    cuffSeams: both(outlinePath(CUFF_SEAM_OUTER, [CUFF_SEAM])),
    cuffRibs: both(ribLines([134, 784], [141, 880], [78, 4], 13)),
    band: symmetricOutline([500, BAND_TOP_Y], [{ to: BAND_SIDE_TOP }, { to: BAND_SIDE_BOTTOM }, BAND_BOTTOM]),
    bandRibs: ribLines([254, BAND_TOP_Y - 2], [256, 910], [492, 0], 72),
    pocket: symmetricOutline(
      [500, POCKET_TOP_Y],
      [{ to: POCKET_CORNER }, POCKET_OPENING, { to: POCKET_SIDE_BOTTOM }, { to: [500, BAND_TOP_Y] }],
    ),
    pocketEdges: both(outlinePath(POCKET_CORNER, [POCKET_OPENING, { to: POCKET_SIDE_BOTTOM }])),
    pocketInside: both(polyline(offsetPoints(pocketOpening, 6))),
    pocketEdgeLight: both(polyline(offsetPoints(pocketOpening, -4))),
    pocketStitches: both(polyline(offsetPoints(pocketOpening, -10))),
    cords: STRINGS.map((string) => string.cord).join(" "),
    tips: STRINGS.map((string) => string.tip).join(" "),
  };
}

type HoodiePaths = ReturnType<typeof buildPaths>;

/** Folds of the fleece: softer and wider than the tee's, bunching above the cuffs and the waistband. */
function folds(): { shadows: Fold[]; ridges: Fold[] } {
  const shadows: Fold[] = [
    // Drape from the armpit toward the chest, and the body's edge beside the hanging sleeve.
    ...mirrored({ d: "M 272 432 C 310 466, 340 520, 356 600", width: 38, depth: 0.2, blur: 22 }),
    ...mirrored({ d: "M 270 430 C 268 560, 264 700, 264 820", width: 20, depth: 0.2, blur: 10 }),
    // Fabric hanging beside the pocket.
    ...mirrored({ d: "M 306 560 C 308 640, 304 720, 300 800", width: 30, depth: 0.1, blur: 18 }),
    // Creases across the sleeve at the elbow and near the shoulder.
    ...mirrored({ d: "M 162 506 C 184 526, 212 548, 246 566", width: 22, depth: 0.15, blur: 12 }),
    ...mirrored({ d: "M 178 386 C 198 404, 224 420, 254 432", width: 18, depth: 0.1, blur: 12 }),
    // The sleeve bunching above the cuff.
    ...mirrored({ d: "M 138 748 C 160 758, 188 764, 220 754", width: 14, depth: 0.18, blur: 7 }),
    ...mirrored({ d: "M 142 700 C 168 716, 196 726, 228 724", width: 12, depth: 0.1, blur: 7 }),
    // The body gathered into the waistband.
    ...mirrored({ d: "M 318 792 C 320 804, 320 816, 318 828", width: 16, depth: 0.08, blur: 7 }),
    ...mirrored({ d: "M 398 798 C 400 808, 400 818, 398 828", width: 14, depth: 0.06, blur: 7 }),
    ...mirrored({ d: "M 460 802 C 461 810, 461 820, 460 828", width: 14, depth: 0.05, blur: 7 }),
    // A soft wave across the chest, under the print (fleece is thick: one broad, shallow fold).
    { d: "M 290 400 C 360 382, 430 424, 510 404 C 580 388, 640 410, 710 396", width: 56, depth: 0.045, blur: 30 },
    // The pocket sagging a little under its own weight.
    ...mirrored({ d: "M 344 716 C 400 742, 450 750, 500 750", width: 30, depth: 0.07, blur: 18 }),
  ];
  const ridges: Fold[] = [
    ...mirrored({ d: "M 296 420 C 336 456, 366 510, 382 580", width: 28, depth: 0.12, blur: 20 }),
    ...mirrored({ d: "M 196 322 C 184 420, 178 520, 180 640", width: 30, depth: 0.08, blur: 20 }),
    ...mirrored({ d: "M 164 484 C 188 502, 214 522, 248 540", width: 16, depth: 0.1, blur: 10 }),
    ...mirrored({ d: "M 138 730 C 162 742, 190 746, 222 736", width: 10, depth: 0.12, blur: 6 }),
    ...mirrored({ d: "M 340 792 C 342 804, 342 816, 340 826", width: 12, depth: 0.08, blur: 6 }),
    { d: "M 290 356 C 360 338, 430 380, 510 360 C 580 344, 640 366, 710 352", width: 40, depth: 0.05, blur: 26 },
  ];
  return { shadows, ridges };
}

function shadeOf(paths: HoodiePaths): string {
  return shadeLayer({
    silhouette: paths.silhouette,
    across: [254, 746],
    down: [230, 906],
    defs: `<clipPath id="opening"><path d="${paths.opening}"/></clipPath>
      <clipPath id="band"><path d="${paths.band}"/></clipPath>
      <clipPath id="cuffs"><path d="${paths.cuffs}"/></clipPath>
      <linearGradient id="sleeveLeft" gradientUnits="userSpaceOnUse" x1="148" y1="0" x2="266" y2="0">
        <stop offset="0" stop-color="${grey(0.78)}"/>
        <stop offset="0.3" stop-color="${grey(0.97)}"/>
        <stop offset="0.65" stop-color="${grey(0.95)}"/>
        <stop offset="1" stop-color="${grey(0.74)}"/>
      </linearGradient>
      <linearGradient id="sleeveRight" gradientUnits="userSpaceOnUse" x1="852" y1="0" x2="734" y2="0">
        <stop offset="0" stop-color="${grey(0.76)}"/>
        <stop offset="0.3" stop-color="${grey(0.96)}"/>
        <stop offset="0.65" stop-color="${grey(0.94)}"/>
        <stop offset="1" stop-color="${grey(0.72)}"/>
      </linearGradient>
      <radialGradient id="hoodRound" gradientUnits="userSpaceOnUse" cx="500" cy="186" r="200" gradientTransform="translate(500 186) scale(1 0.8) translate(-500 -186)">
        <stop offset="0.55" stop-color="${grey(1)}"/>
        <stop offset="0.82" stop-color="${grey(0.92)}"/>
        <stop offset="1" stop-color="${grey(0.74)}"/>
      </radialGradient>
      <radialGradient id="inside" gradientUnits="userSpaceOnUse" cx="500" cy="196" r="96" gradientTransform="translate(500 196) scale(1 1.3) translate(-500 -196)">
        <stop offset="0" stop-color="${grey(0.54)}"/>
        <stop offset="0.55" stop-color="${grey(0.46)}"/>
        <stop offset="1" stop-color="${grey(0.32)}"/>
      </radialGradient>
      ${blurFilter("hoodShadow", 10, paths.neckSeam, 22)}
      ${blurFilter("openingShadow", 7, paths.openingEdge, 16)}
      ${blurFilter("hemShadow", 3, paths.openingEdge, 6)}
      ${blurFilter("rimShadow", 4, paths.hemEdge, 8)}
      ${blurFilter("armholeShadow", 6, paths.armholes, 8)}
      ${blurFilter("pocketShadow", 5, paths.pocketInside, 12)}
      ${blurFilter("seamShadow", 5, `M 254 ${BAND_TOP_Y} L 746 ${BAND_TOP_Y} ${paths.cuffSeams}`, 10)}
      ${blurFilter("cordShadow", 4, paths.cords, 14)}`,
    underFolds: `<path d="${paths.sleeveLeft}" fill="url(#sleeveLeft)"/>
      <path d="${mirrorPath(paths.sleeveLeft)}" fill="url(#sleeveRight)"/>`,
    folds: folds().shadows,
    details: `<path d="${paths.armholes}" fill="none" stroke="#000" opacity="0.32" stroke-width="8" filter="url(#armholeShadow)"/>
      <path d="${paths.armholes}" fill="none" stroke="${grey(0.6)}" stroke-width="1.8"/>
      <path d="${paths.armholeStitches}" ${STITCH}/>
      <path d="${paths.pocketInside}" fill="none" stroke="#000" opacity="0.45" stroke-width="12" filter="url(#pocketShadow)"/>
      <path d="${paths.pocketEdges}" fill="none" stroke="${grey(0.62)}" stroke-width="1.8"/>
      <path d="M 372 ${POCKET_TOP_Y} L 628 ${POCKET_TOP_Y}" fill="none" stroke="${grey(0.7)}" stroke-width="1.6"/>
      <path d="M 376 ${POCKET_TOP_Y + 8} L 624 ${POCKET_TOP_Y + 8} ${paths.pocketStitches}" ${STITCH}/>
      <path d="M 254 ${BAND_TOP_Y - 4} L 746 ${BAND_TOP_Y - 4} ${paths.cuffSeams}" fill="none" stroke="#000" opacity="0.22" stroke-width="10" filter="url(#seamShadow)"/>
      <g clip-path="url(#band)">
        <rect width="1000" height="1000" fill="${grey(0.95)}"/>
        <path d="${paths.bandRibs}" fill="none" stroke="${grey(0.88)}" stroke-width="2.4"/>
        <rect x="0" y="${BAND_TOP_Y + 52}" width="1000" height="40" fill="${grey(0.93)}"/>
      </g>
      <g clip-path="url(#cuffs)">
        <rect width="1000" height="1000" fill="${grey(0.94)}"/>
        <path d="${paths.cuffRibs}" fill="none" stroke="${grey(0.87)}" stroke-width="2.4"/>
      </g>
      <path d="M 258 ${BAND_TOP_Y} L 742 ${BAND_TOP_Y} ${paths.cuffSeams}" fill="none" stroke="${grey(0.66)}" stroke-width="1.6"/>
      <path d="${paths.neckSeam}" fill="none" stroke="#000" opacity="0.38" stroke-width="22" filter="url(#hoodShadow)" transform="translate(0 9)"/>
      <path d="${paths.hood}" fill="url(#hoodRound)"/>
      <path d="${paths.neckSeam}" fill="none" stroke="${grey(0.64)}" stroke-width="1.6"/>
      <path d="${paths.hemEdge}" fill="none" stroke="#000" opacity="0.22" stroke-width="8" filter="url(#rimShadow)"/>
      <path d="${paths.hem}" fill="${grey(0.96)}"/>
      <path d="${paths.hemEdge}" fill="none" stroke="${grey(0.7)}" stroke-width="1.6"/>
      <path d="${paths.hemStitch}" ${STITCH}/>
      <path d="${paths.openingEdge}" fill="none" stroke="#000" opacity="0.3" stroke-width="6" filter="url(#hemShadow)" transform="translate(0 -3)"/>
      <path d="${paths.opening}" fill="url(#inside)"/>
      <g clip-path="url(#opening)">
        <path d="${paths.openingEdge}" fill="none" stroke="#000" opacity="0.35" stroke-width="16" filter="url(#openingShadow)"/>
      </g>
      <path d="M 500 264 L 500 292" fill="none" stroke="${grey(0.58)}" stroke-width="2"/>
      <g fill="${grey(0.45)}" stroke="${grey(0.74)}" stroke-width="3">
        <circle cx="${EYELET[0]}" cy="${EYELET[1]}" r="7"/><circle cx="${1000 - EYELET[0]}" cy="${EYELET[1]}" r="7"/>
      </g>
      <g fill="none" stroke-linecap="round">
        <path d="${paths.cords} ${paths.tips}" stroke="#000" opacity="0.34" stroke-width="14" filter="url(#cordShadow)" transform="translate(5 7)"/>
        <path d="${paths.cords}" stroke="${grey(0.78)}" stroke-width="${CORD_WIDTH}"/>
        <path d="${paths.cords}" stroke="${grey(0.96)}" stroke-width="5" transform="translate(-1.5 0)"/>
        <path d="${paths.tips}" stroke="${grey(0.55)}" stroke-width="${TIP_WIDTH}"/>
        <path d="${paths.tips}" stroke="${grey(0.75)}" stroke-width="5" transform="translate(-1.5 0)"/>
      </g>`,
  });
}

function lightOf(paths: HoodiePaths): string {
  return lightLayer({
    silhouette: paths.silhouette,
    chest: { cy: 450, r: 260, stretch: 1.2, peak: 0.07, middle: 0.03 },
    defs: `${blurFilter("hoodTop", 14, "M 372 70 C 420 44, 580 44, 628 70", 28)}
      ${blurFilter("glow", 14, "M 330 244 L 190 340 M 670 244 L 810 340", 26)}
      ${blurFilter("hemLight", 3, paths.hemMiddle, 8)}
      ${blurFilter("edgeLight", 3, paths.pocketEdgeLight, 6)}
      ${blurFilter("cordLight", 1, paths.cords, 4)}`,
    ridges: folds().ridges,
    details: `<path d="M 372 70 C 420 44, 580 44, 628 70" fill="none" stroke="#fff" opacity="0.1" stroke-width="28" filter="url(#hoodTop)"/>
      <g fill="none" stroke="#fff" opacity="0.1" stroke-width="26" filter="url(#glow)">
        <path d="${both("M 330 246 L 264 272 M 236 290 L 192 344")}"/>
      </g>
      <path d="${paths.hemMiddle}" fill="none" stroke="#fff" opacity="0.16" stroke-width="7" filter="url(#hemLight)"/>
      <path d="${paths.pocketEdgeLight}" fill="none" stroke="#fff" opacity="0.16" stroke-width="6" filter="url(#edgeLight)"/>
      <path d="${paths.cords}" fill="none" stroke="#fff" opacity="0.28" stroke-width="3" filter="url(#cordLight)" transform="translate(-2.5 0)"/>`,
  });
}

/** The pullover hoodie. */
export function drawHoodie(): GarmentDrawing {
  const paths = buildPaths();
  return {
    silhouette: paths.silhouette,
    printArea: PRINT_AREA,
    shade: shadeOf(paths),
    light: lightOf(paths),
    cover: `<g fill="none" stroke="#fff" stroke-linecap="round"><path d="${paths.cords}" stroke-width="${CORD_WIDTH}"/><path d="${paths.tips}" stroke-width="${TIP_WIDTH}"/></g>`,
  };
}
