import {
  blurFilter,
  both,
  type Fold,
  type GarmentDrawing,
  grey,
  insideBackGradient,
  lightLayer,
  mirrored,
  offsetPoints,
  outlinePath,
  outlinePoints,
  type Point,
  polyline,
  type Segment,
  STITCH,
  shadeLayer,
  symmetricOutline,
} from "./garment-drawing.ts";

/**
 * Our tank top, front view: sleeveless, with narrow shoulder straps, deep arm holes and a scoop neck,
 * all three finished with a bound edge. Like the tees it is drawn as if worn (the inside of the back
 * shows through the neck and, as a sliver, through the arm holes). The print sits on the chest.
 * Points are of the left half; the right half mirrors them.
 */

/** The back neckline's centre: the top of the silhouette. */
const BACK_NECK: Point = [500, 132];
const STRAP_INNER: Point = [398, 104];
const STRAP_OUTER: Point = [336, 112];
const BACK_NECKLINE: Segment = { c1: [456, 130], c2: [418, 120], to: STRAP_INNER };
const STRAP_TOP: Segment = { c1: [378, 100], c2: [354, 104], to: STRAP_OUTER };
const ARMPIT: Point = [264, 416];
/** The back panel's arm hole (the outline), and the front's a little inside it. */
const BACK_ARMHOLE: Segment = { c1: [326, 246], c2: [306, 370], to: ARMPIT };
const FRONT_ARMHOLE: Segment = { c1: [340, 244], c2: [328, 368], to: [270, 416] };
const WAIST: Point = [274, 630];
const HEM: Point = [266, 874];
const HEM_SAG = 8;
const BODY_SIDE: Segment[] = [
  { c1: [ARMPIT[0] + 2, ARMPIT[1] + 80], c2: [WAIST[0], WAIST[1] - 120], to: WAIST },
  { c1: [WAIST[0], WAIST[1] + 120], c2: [HEM[0] + 2, HEM[1] - 120], to: HEM },
];
const HEM_CURVE: Segment = {
  c1: [HEM[0] + 120, HEM[1] + HEM_SAG],
  c2: [440, HEM[1] + HEM_SAG],
  to: [500, HEM[1] + HEM_SAG],
};
/** The scoop neck's edge, from the strap down to the centre front. */
const NECKLINE: Segment = { c1: [400, 194], c2: [442, 262], to: [500, 262] };
const BINDING = 15;

const PRINT_AREA = { x: 375, y: 300, width: 250, height: 333 };

function buildPaths() {
  const silhouette = symmetricOutline(BACK_NECK, [BACK_NECKLINE, STRAP_TOP, BACK_ARMHOLE, ...BODY_SIDE, HEM_CURVE]);
  const neckline = outlinePoints(STRAP_INNER, [NECKLINE]);
  const neckSeam = offsetPoints(neckline, BINDING);
  const armhole = outlinePoints(STRAP_OUTER, [FRONT_ARMHOLE]);
  // The binding's seam runs inside the arm hole's edge, fading out at the armpit and the shoulder.
  const armholeSeam = offsetPoints(armhole, -BINDING);
  return {
    silhouette,
    neckOpening: symmetricOutline(BACK_NECK, [BACK_NECKLINE, NECKLINE]),
    backNeckline: both(outlinePath(BACK_NECK, [BACK_NECKLINE])),
    neckBinding: symmetricOutline(
      [500, 262 + BINDING],
      [...reversed(neckSeam).map((to) => ({ to })), { to: STRAP_INNER }, NECKLINE],
    ),
    neckSeam: both(polyline(neckSeam)),
    neckStitch: both(polyline(offsetPoints(neckline, BINDING - 4))),
    backSlivers: both(
      `${outlinePath(STRAP_OUTER, [BACK_ARMHOLE, { c1: [328, 368], c2: [340, 244], to: STRAP_OUTER }])} Z`,
    ),
    armholes: both(outlinePath(STRAP_OUTER, [FRONT_ARMHOLE])),
    armholeBindings: both(`${polyline([...armhole, ...reversed(armholeSeam)])} Z`),
    armholeSeams: both(polyline(armholeSeam)),
    armholeStitches: both(polyline(offsetPoints(armhole, -BINDING + 4))),
    armholeInside: both(polyline(offsetPoints(armhole, -BINDING - 14))),
    armholeLight: both(polyline(offsetPoints(armhole, -6))),
    strapTops: both(outlinePath(STRAP_INNER, [STRAP_TOP])),
    hemStitch: `M ${HEM[0] + 3} ${HEM[1] - 18} C ${HEM[0] + 120} ${HEM[1] - 18 + HEM_SAG}, ${1000 - HEM[0] - 120} ${HEM[1] - 18 + HEM_SAG}, ${1000 - HEM[0] - 3} ${HEM[1] - 18}`,
  };
}

function reversed(points: Point[]): Point[] {
  return [...points].reverse();
}

type TankTopPaths = ReturnType<typeof buildPaths>;

/** Folds of light jersey hanging from the straps: drape from the arm holes and long vertical folds. */
function folds(): { shadows: Fold[]; ridges: Fold[] } {
  const [ax, ay] = ARMPIT;
  const shadows: Fold[] = [
    ...mirrored({
      d: `M ${ax + 8} ${ay + 12} C ${ax + 50} ${ay + 46}, ${ax + 80} ${ay + 96}, ${ax + 98} ${ay + 180}`,
      width: 32,
      depth: 0.24,
      blur: 20,
    }),
    // The strap pulling the fabric below it.
    ...mirrored({ d: "M 350 150 C 352 200, 348 250, 340 300", width: 22, depth: 0.1, blur: 14 }),
    ...mirrored({
      d: `M ${WAIST[0] + 70} ${WAIST[1] - 40} C ${WAIST[0] + 80} ${WAIST[1] + 80}, ${HEM[0] + 90} ${HEM[1] - 180}, ${HEM[0] + 96} ${HEM[1] - 30}`,
      width: 40,
      depth: 0.14,
      blur: 26,
    }),
    // Gentle ripples across the chest, under the print: a wave and a soft fold falling from the neckline.
    { d: "M 300 392 C 380 368, 440 414, 520 396 C 590 380, 640 402, 700 388", width: 46, depth: 0.05, blur: 26 },
    { d: "M 480 470 C 470 550, 486 630, 472 700", width: 36, depth: 0.045, blur: 24 },
    {
      d: `M ${WAIST[0] + 30} 800 C ${WAIST[0] + 120} 774, 430 828, 510 806 C 590 784, ${1000 - WAIST[0] - 110} 816, ${1000 - WAIST[0] - 30} 792`,
      width: 36,
      depth: 0.1,
      blur: 24,
    },
    {
      d: `M ${HEM[0] + 20} ${HEM[1] - 10} C 400 ${HEM[1] - 2 + HEM_SAG}, 600 ${HEM[1] - 2 + HEM_SAG}, ${1000 - HEM[0] - 20} ${HEM[1] - 10}`,
      width: 18,
      depth: 0.14,
      blur: 8,
    },
  ];
  const ridges: Fold[] = [
    ...mirrored({
      d: `M ${ax + 32} ${ay - 2} C ${ax + 74} ${ay + 34}, ${ax + 104} ${ay + 86}, ${ax + 122} ${ay + 166}`,
      width: 26,
      depth: 0.12,
      blur: 20,
    }),
    ...mirrored({
      d: `M ${WAIST[0] + 112} ${WAIST[1] - 20} C ${WAIST[0] + 124} ${WAIST[1] + 90}, ${HEM[0] + 134} ${HEM[1] - 170}, ${HEM[0] + 140} ${HEM[1] - 40}`,
      width: 30,
      depth: 0.08,
      blur: 24,
    }),
    { d: "M 300 356 C 380 332, 440 378, 520 360 C 590 344, 640 366, 700 352", width: 34, depth: 0.06, blur: 24 },
    { d: "M 516 480 C 506 560, 522 640, 508 700", width: 28, depth: 0.05, blur: 22 },
  ];
  return { shadows, ridges };
}

function shadeOf(paths: TankTopPaths): string {
  return shadeLayer({
    silhouette: paths.silhouette,
    across: [256, 744],
    down: [100, HEM[1] + 10],
    defs: `<clipPath id="neck"><path d="${paths.neckOpening}"/></clipPath>
      ${insideBackGradient(110, 262)}
      ${blurFilter("armholeShadow", 12, paths.armholeInside, 30)}
      ${blurFilter("sliverShadow", 4, paths.armholes, 8)}
      ${blurFilter("neckShadow", 6, paths.neckSeam, 16)}
      ${blurFilter("backBinding", 3, paths.backNeckline, 6)}
      ${blurFilter("strapShadow", 6, paths.strapTops, 12)}`,
    folds: folds().shadows,
    details: `<path d="${paths.armholeInside}" fill="none" stroke="#000" opacity="0.2" stroke-width="30" filter="url(#armholeShadow)"/>
      <path d="${paths.strapTops}" fill="none" stroke="#000" opacity="0.16" stroke-width="12" filter="url(#strapShadow)" transform="translate(0 8)"/>
      <path d="${paths.strapTops}" fill="none" stroke="${grey(0.72)}" stroke-width="1.6"/>
      <path d="${paths.backSlivers}" fill="${grey(0.5)}"/>
      <path d="${paths.armholes}" fill="none" stroke="#000" opacity="0.35" stroke-width="8" filter="url(#sliverShadow)" transform="translate(-3 0)"/>
      <path d="${paths.armholeBindings}" fill="${grey(0.96)}"/>
      <path d="${paths.armholeSeams}" fill="none" stroke="${grey(0.66)}" stroke-width="1.6"/>
      <path d="${paths.armholeStitches}" ${STITCH}/>
      <path d="${paths.hemStitch}" ${STITCH}/>
      <path d="${paths.neckSeam}" fill="none" stroke="#000" opacity="0.26" stroke-width="10" filter="url(#neckShadow)" transform="translate(0 6)"/>
      <path d="${paths.neckBinding}" fill="${grey(0.96)}"/>
      <path d="${paths.neckSeam}" fill="none" stroke="${grey(0.66)}" stroke-width="1.6"/>
      <path d="${paths.neckStitch}" ${STITCH}/>
      <path d="${paths.neckOpening}" fill="url(#inside)"/>
      <g clip-path="url(#neck)">
        <path d="${paths.backNeckline}" fill="none" stroke="${grey(0.8)}" stroke-width="${2 * BINDING}"/>
        <path d="${paths.backNeckline}" fill="none" stroke="#000" opacity="0.45" stroke-width="6" filter="url(#backBinding)" transform="translate(0 ${BINDING})"/>
      </g>`,
  });
}

function lightOf(paths: TankTopPaths): string {
  return lightLayer({
    silhouette: paths.silhouette,
    chest: { cy: 420, r: 250, stretch: 1.3, peak: 0.07, middle: 0.035 },
    defs: `${blurFilter("glow", 10, paths.strapTops, 20)}
      ${blurFilter("edge", 2, `${paths.neckSeam} ${paths.armholeLight}`, 10)}`,
    ridges: folds().ridges,
    details: `<path d="${paths.strapTops}" fill="none" stroke="#fff" opacity="0.12" stroke-width="20" filter="url(#glow)" transform="translate(0 10)"/>
      <path d="${paths.neckSeam}" fill="none" stroke="#fff" opacity="0.12" stroke-width="4" filter="url(#edge)" transform="translate(0 -8)"/>
      <path d="${paths.armholeLight}" fill="none" stroke="#fff" opacity="0.12" stroke-width="5" filter="url(#edge)"/>`,
  });
}

/** The tank top. */
export function drawTankTop(): GarmentDrawing {
  const paths = buildPaths();
  return { silhouette: paths.silhouette, printArea: PRINT_AREA, shade: shadeOf(paths), light: lightOf(paths) };
}
