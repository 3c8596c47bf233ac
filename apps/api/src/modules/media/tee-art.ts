import {
  blurFilter,
  type Fold,
  type GarmentDrawing,
  grey,
  insideBackGradient,
  lerp,
  lightLayer,
  mirror,
  mirrored,
  type Point,
  type PrintArea,
  p,
  STITCH,
  shadeLayer,
} from "./garment-drawing.ts";

/**
 * Our t-shirts, front view: the unisex tee, the long-sleeve tee and the fitted women's tee share one
 * drawing, set by the key points of the left half (the right half mirrors them).
 */

/** The key points of the left half of a tee; the right half mirrors them. */
type TeeShape = {
  neckPoint: Point;
  neckDepth: number;
  ribWidth: number;
  shoulder: Point;
  sleeveOuterControl1: Point;
  sleeveOuterControl2: Point;
  sleeveEnd: Point;
  sleeveHemInner: Point;
  armpit: Point;
  waist: Point;
  hem: Point;
  hemSag: number;
  printArea: PrintArea;
};

export type TeeGarment = "tee" | "long-sleeve" | "womens-tee";

const TEE_SHAPES: Record<TeeGarment, TeeShape> = {
  // Proportions of a regular-fit tee: chest 20 in, length 29 in, sleeve opening 7.5 in.
  tee: {
    neckPoint: [412, 128],
    neckDepth: 70,
    ribWidth: 22,
    shoulder: [282, 162],
    sleeveOuterControl1: [226, 186],
    sleeveOuterControl2: [170, 250],
    sleeveEnd: [138, 324],
    sleeveHemInner: [244, 430],
    armpit: [266, 360],
    waist: [270, 620],
    hem: [264, 862],
    hemSag: 8,
    printArea: { x: 360, y: 246, width: 280, height: 373 },
  },
  // The regular tee's body with sleeves to the wrist, hanging beside it, and a cuff.
  "long-sleeve": {
    neckPoint: [412, 128],
    neckDepth: 70,
    ribWidth: 22,
    shoulder: [282, 162],
    sleeveOuterControl1: [232, 196],
    sleeveOuterControl2: [178, 420],
    sleeveEnd: [154, 792],
    sleeveHemInner: [226, 806],
    armpit: [266, 360],
    waist: [270, 620],
    hem: [264, 862],
    hemSag: 8,
    printArea: { x: 360, y: 246, width: 280, height: 373 },
  },
  // A fitted cut: narrower shoulders, short cap sleeves, a waist, a scoop neck and a curved hem.
  "womens-tee": {
    neckPoint: [420, 132],
    neckDepth: 92,
    ribWidth: 18,
    shoulder: [304, 166],
    sleeveOuterControl1: [262, 182],
    sleeveOuterControl2: [226, 234],
    sleeveEnd: [206, 298],
    sleeveHemInner: [284, 350],
    armpit: [290, 328],
    waist: [322, 566],
    hem: [292, 852],
    hemSag: 24,
    printArea: { x: 375, y: 270, width: 250, height: 333 },
  },
};

/** Paths of one tee, in the 1000-unit square. */
type TeePaths = {
  silhouette: string;
  neckOpening: string;
  backInterior: string;
  frontRib: string;
  frontRibSeam: string;
  backRibEdge: string;
  sleeves: [string, string];
  armholes: [string, string];
  sleeveHemStitches: [string, string];
  hemStitch: string;
  shape: TeeShape;
};

function buildPaths(shape: TeeShape): TeePaths {
  const {
    neckPoint,
    neckDepth,
    ribWidth,
    shoulder,
    sleeveOuterControl1: c1,
    sleeveOuterControl2: c2,
    sleeveEnd,
    sleeveHemInner,
    armpit,
    waist,
    hem,
  } = shape;
  const neckRight = mirror(neckPoint);
  const neckBottomY = neckPoint[1] + neckDepth;
  // The rib sits outside the opening: its seam is a wider, deeper curve.
  const seamLeft: Point = [neckPoint[0] - ribWidth * 0.7, neckPoint[1] - 4];
  const seamRight = mirror(seamLeft);
  const seamBottomY = neckBottomY + ribWidth;
  const openingSpan = 500 - neckPoint[0];
  const seamSpan = 500 - seamLeft[0];

  const frontOpeningRightToLeft = `C ${neckRight[0] - 6} ${neckBottomY - neckDepth * 0.25}, ${500 + openingSpan * 0.45} ${neckBottomY}, 500 ${neckBottomY} C ${500 - openingSpan * 0.45} ${neckBottomY}, ${neckPoint[0] + 6} ${neckBottomY - neckDepth * 0.25}, ${p(neckPoint)}`;
  const seamLeftToRight = `M ${p(seamLeft)} C ${seamLeft[0] + 4} ${seamBottomY - neckDepth * 0.2}, ${500 - seamSpan * 0.45} ${seamBottomY}, 500 ${seamBottomY} C ${500 + seamSpan * 0.45} ${seamBottomY}, ${seamRight[0] - 4} ${seamBottomY - neckDepth * 0.2}, ${p(seamRight)}`;
  // The top of the back collar, seen over the shoulders.
  const backTop = `C ${seamLeft[0] + 40} ${seamLeft[1] + 18}, ${seamRight[0] - 40} ${seamRight[1] + 18}, ${p(seamRight)}`;
  const backRibEdge = `M ${p(neckPoint)} C ${neckPoint[0] + 36} ${neckPoint[1] + 30}, ${neckRight[0] - 36} ${neckRight[1] + 30}, ${p(neckRight)}`;

  const sleeveEndRight = mirror(sleeveEnd);
  const hemRight = mirror(hem);
  const left = {
    outer: `C ${p(c2)}, ${p(c1)}, ${p(shoulder)}`,
    armpitToWaist: `C ${armpit[0] + 2} ${armpit[1] + 80}, ${waist[0]} ${waist[1] - 120}, ${p(waist)}`,
  };
  const silhouette = [
    `M ${p(seamLeft)}`,
    backTop,
    `L ${p(mirror(shoulder))}`,
    `C ${p(mirror(c1))}, ${p(mirror(c2))}, ${p(sleeveEndRight)}`,
    `L ${p(mirror(sleeveHemInner))}`,
    `C ${p(mirror(lerp(sleeveHemInner, armpit, 0.5)))}, ${p(mirror(armpit))}, ${p(mirror(armpit))}`,
    `C ${p(mirror([armpit[0] + 2, armpit[1] + 80]))}, ${p(mirror([waist[0], waist[1] - 120]))}, ${p(mirror(waist))}`,
    `C ${p(mirror([waist[0], waist[1] + 120]))}, ${p(mirror([hem[0] + 2, hem[1] - 120]))}, ${p(hemRight)}`,
    `C ${hemRight[0] - 120} ${hem[1] + shape.hemSag}, ${hem[0] + 120} ${hem[1] + shape.hemSag}, ${p(hem)}`,
    `C ${hem[0] + 2} ${hem[1] - 120}, ${waist[0]} ${waist[1] + 120}, ${p(waist)}`,
    `C ${waist[0]} ${waist[1] - 120}, ${armpit[0] + 2} ${armpit[1] + 80}, ${p(armpit)}`,
    `C ${p(armpit)}, ${p(lerp(sleeveHemInner, armpit, 0.5))}, ${p(sleeveHemInner)}`,
    `L ${p(sleeveEnd)}`,
    left.outer,
    `L ${p(seamLeft)} Z`,
  ].join(" ");

  const armholeLeft = `M ${p(shoulder)} C ${shoulder[0] - 8} ${shoulder[1] + 60}, ${armpit[0] - 4} ${armpit[1] - 70}, ${p(armpit)}`;
  const armholeRight = `M ${p(mirror(shoulder))} C ${1000 - shoulder[0] + 8} ${shoulder[1] + 60}, ${1000 - armpit[0] + 4} ${armpit[1] - 70}, ${p(mirror(armpit))}`;
  const sleeveLeft = `M ${p(shoulder)} C ${p(c1)}, ${p(c2)}, ${p(sleeveEnd)} L ${p(sleeveHemInner)} L ${p(armpit)} C ${armpit[0] - 4} ${armpit[1] - 70}, ${shoulder[0] - 8} ${shoulder[1] + 60}, ${p(shoulder)} Z`;
  const sleeveRight = `M ${p(mirror(shoulder))} C ${p(mirror(c1))}, ${p(mirror(c2))}, ${p(sleeveEndRight)} L ${p(mirror(sleeveHemInner))} L ${p(mirror(armpit))} C ${1000 - armpit[0] + 4} ${armpit[1] - 70}, ${1000 - shoulder[0] + 8} ${shoulder[1] + 60}, ${p(mirror(shoulder))} Z`;
  // Stitching runs parallel to the sleeve hem, a little inside it.
  const hemDirection: Point = [sleeveHemInner[0] - sleeveEnd[0], sleeveHemInner[1] - sleeveEnd[1]];
  const length = Math.hypot(hemDirection[0], hemDirection[1]);
  const inward: Point = [(hemDirection[1] / length) * 16, (-hemDirection[0] / length) * 16];
  const stitchLeft = `M ${sleeveEnd[0] + inward[0] + 4} ${sleeveEnd[1] + inward[1]} L ${sleeveHemInner[0] + inward[0] - 2} ${sleeveHemInner[1] + inward[1]}`;
  const stitchRight = `M ${1000 - (sleeveEnd[0] + inward[0] + 4)} ${sleeveEnd[1] + inward[1]} L ${1000 - (sleeveHemInner[0] + inward[0] - 2)} ${sleeveHemInner[1] + inward[1]}`;
  const hemStitch = `M ${hem[0] + 3} ${hem[1] - 18} C ${hem[0] + 120} ${hem[1] - 18 + shape.hemSag}, ${hemRight[0] - 120} ${hem[1] - 18 + shape.hemSag}, ${hemRight[0] - 3} ${hem[1] - 18}`;

  return {
    silhouette,
    neckOpening: `M ${p(seamLeft)} ${backTop} L ${p(neckRight)} ${frontOpeningRightToLeft} Z`,
    backInterior: `${backRibEdge} ${frontOpeningRightToLeft} Z`,
    frontRib: `${seamLeftToRight} L ${p(neckRight)} ${frontOpeningRightToLeft} Z`,
    frontRibSeam: seamLeftToRight,
    backRibEdge,
    sleeves: [sleeveLeft, sleeveRight],
    armholes: [armholeLeft, armholeRight],
    sleeveHemStitches: [stitchLeft, stitchRight],
    hemStitch,
    shape,
  };
}

/** Folds: soft shadow strokes (multiply) paired with a ridge highlight beside them (screen). */
function foldsOf(shape: TeeShape): { shadows: Fold[]; ridges: Fold[] } {
  const { armpit, waist, hem, shoulder, sleeveEnd, sleeveHemInner } = shape;
  const shadows: Fold[] = [];
  const ridges: Fold[] = [];
  const both = (list: Fold[], fold: Fold) => list.push(...mirrored(fold));
  const [ax, ay] = armpit;
  // Drape from the armpit toward the middle of the chest, with its lit ridge just above.
  both(shadows, {
    d: `M ${ax + 6} ${ay + 18} C ${ax + 50} ${ay + 50}, ${ax + 84} ${ay + 100}, ${ax + 104} ${ay + 190}`,
    width: 34,
    depth: 0.26,
    blur: 20,
  });
  both(ridges, {
    d: `M ${ax + 30} ${ay + 4} C ${ax + 74} ${ay + 40}, ${ax + 106} ${ay + 90}, ${ax + 128} ${ay + 170}`,
    width: 26,
    depth: 0.12,
    blur: 20,
  });
  // The shadow the sleeve casts where it meets the body.
  both(shadows, {
    d: `M ${ax - 2} ${ay - 40} C ${ax + 2} ${ay}, ${ax + 8} ${ay + 40}, ${ax + 8} ${ay + 110}`,
    width: 26,
    depth: 0.3,
    blur: 14,
  });
  // Fabric hanging from the chest to the hem.
  both(shadows, {
    d: `M ${waist[0] + 70} ${waist[1] - 40} C ${waist[0] + 80} ${waist[1] + 80}, ${hem[0] + 90} ${hem[1] - 180}, ${hem[0] + 96} ${hem[1] - 30}`,
    width: 40,
    depth: 0.14,
    blur: 26,
  });
  both(ridges, {
    d: `M ${waist[0] + 112} ${waist[1] - 20} C ${waist[0] + 124} ${waist[1] + 90}, ${hem[0] + 134} ${hem[1] - 170}, ${hem[0] + 140} ${hem[1] - 40}`,
    width: 30,
    depth: 0.08,
    blur: 24,
  });
  // A long crease along the sleeve.
  const sleeveMid = lerp(sleeveEnd, sleeveHemInner, 0.5);
  both(shadows, {
    d: `M ${shoulder[0] - 14} ${shoulder[1] + 44} C ${shoulder[0] - 34} ${shoulder[1] + 96}, ${sleeveMid[0] + 14} ${sleeveMid[1] - 80}, ${sleeveMid[0] + 4} ${sleeveMid[1] - 16}`,
    width: 28,
    depth: 0.14,
    blur: 18,
  });
  // A soft wave across the lower body, and the hem turning under.
  const waveY = waist[1] + 170;
  shadows.push({
    d: `M ${waist[0] + 30} ${waveY} C ${waist[0] + 120} ${waveY - 26}, 430 ${waveY + 28}, 510 ${waveY + 6} C 590 ${waveY - 16}, ${1000 - waist[0] - 110} ${waveY + 16}, ${1000 - waist[0] - 30} ${waveY - 8}`,
    width: 36,
    depth: 0.1,
    blur: 24,
  });
  shadows.push({
    d: `M ${hem[0] + 20} ${hem[1] - 10} C 400 ${hem[1] - 2 + shape.hemSag}, 600 ${hem[1] - 2 + shape.hemSag}, ${1000 - hem[0] - 20} ${hem[1] - 10}`,
    width: 18,
    depth: 0.14,
    blur: 8,
  });
  return { shadows, ridges };
}

/** The multiply layer: body roundness, folds, seams, collar, the inside back. */
function shadeOf(paths: TeePaths): string {
  const { armpit, hem, shoulder, neckPoint, neckDepth } = paths.shape;
  const bodyLeft = armpit[0] - 10;
  const ribLines = Array.from({ length: 34 }, (_, index) => {
    const t = index / 33;
    return `<line x1="${300 + t * 400}" y1="0" x2="${300 + t * 400}" y2="400" />`;
  }).join("");
  return shadeLayer({
    silhouette: paths.silhouette,
    across: [bodyLeft, 1000 - bodyLeft],
    down: [120, hem[1] + 10],
    collar: { grey: 0.96, until: 0.35 },
    defs: `<clipPath id="rib"><path d="${paths.frontRib}"/></clipPath>
      <linearGradient id="sleeveLeft" gradientUnits="userSpaceOnUse" x1="${shoulder[0] - 70}" y1="${shoulder[1] + 40}" x2="${armpit[0] + 10}" y2="${armpit[1] + 20}">
        <stop offset="0" stop-color="${grey(0.97)}"/>
        <stop offset="0.6" stop-color="${grey(0.93)}"/>
        <stop offset="1" stop-color="${grey(0.74)}"/>
      </linearGradient>
      <linearGradient id="sleeveRight" gradientUnits="userSpaceOnUse" x1="${1000 - shoulder[0] + 70}" y1="${shoulder[1] + 40}" x2="${1000 - armpit[0] - 10}" y2="${armpit[1] + 20}">
        <stop offset="0" stop-color="${grey(0.97)}"/>
        <stop offset="0.6" stop-color="${grey(0.93)}"/>
        <stop offset="1" stop-color="${grey(0.72)}"/>
      </linearGradient>
      ${insideBackGradient(neckPoint[1], neckPoint[1] + neckDepth)}
      ${blurFilter("armholeShadow", 6, `${paths.armholes[0]} ${paths.armholes[1]}`, 7)}
      ${blurFilter("ribShadow", 6, paths.frontRibSeam, 16)}
      ${blurFilter("backRib", 3, paths.backRibEdge, 6)}`,
    underFolds: `<path d="${paths.sleeves[0]}" fill="url(#sleeveLeft)"/>
      <path d="${paths.sleeves[1]}" fill="url(#sleeveRight)"/>`,
    folds: foldsOf(paths.shape).shadows,
    details: `<g fill="none" stroke="#000" opacity="0.38" stroke-width="7" filter="url(#armholeShadow)">
        <path d="${paths.armholes[0]}"/><path d="${paths.armholes[1]}"/>
      </g>
      <g fill="none" stroke="${grey(0.6)}" stroke-width="1.8">
        <path d="${paths.armholes[0]}"/><path d="${paths.armholes[1]}"/>
      </g>
      <g ${STITCH}>
        <path d="${paths.sleeveHemStitches[0]}"/><path d="${paths.sleeveHemStitches[1]}"/><path d="${paths.hemStitch}"/>
      </g>
      <path d="${paths.frontRibSeam}" fill="none" stroke="#000" opacity="0.28" stroke-width="10" filter="url(#ribShadow)" transform="translate(0 6)"/>
      <path d="${paths.frontRib}" fill="${grey(0.95)}"/>
      <g clip-path="url(#rib)" stroke="${grey(0.9)}" stroke-width="2.2" transform="rotate(0)">${ribLines}</g>
      <path d="${paths.frontRibSeam}" ${STITCH}/>
      <path d="${paths.neckOpening}" fill="${grey(0.86)}"/>
      <path d="${paths.backInterior}" fill="url(#inside)"/>
      <path d="${paths.backRibEdge}" fill="none" stroke="#000" opacity="0.5" stroke-width="6" filter="url(#backRib)"/>`,
  });
}

/** The screen layer: highlights on the chest, fold ridges and sleeve tops. */
function lightOf(paths: TeePaths): string {
  const { shoulder, neckPoint } = paths.shape;
  return lightLayer({
    silhouette: paths.silhouette,
    chest: { cy: 400, r: 260, stretch: 1.25, peak: 0.13, middle: 0.06 },
    defs: `<filter id="glow" filterUnits="userSpaceOnUse" x="${shoulder[0] - 140}" y="${shoulder[1] - 60}" width="${1000 - 2 * shoulder[0] + 280}" height="260"><feGaussianBlur stdDeviation="14"/></filter>
      ${blurFilter("edge", 2, paths.frontRibSeam, 10)}`,
    ridges: foldsOf(paths.shape).ridges,
    details: `<g fill="none" stroke="#fff" opacity="0.1" stroke-width="26" filter="url(#glow)">
        <path d="M ${shoulder[0] + 10} ${shoulder[1] + 6} L ${neckPoint[0] - 20} ${neckPoint[1] + 8}"/>
        <path d="M ${1000 - shoulder[0] - 10} ${shoulder[1] + 6} L ${1000 - neckPoint[0] + 20} ${neckPoint[1] + 8}"/>
        <path d="M ${shoulder[0] - 24} ${shoulder[1] + 40} L ${shoulder[0] - 70} ${shoulder[1] + 130}"/>
        <path d="M ${1000 - shoulder[0] + 24} ${shoulder[1] + 40} L ${1000 - shoulder[0] + 70} ${shoulder[1] + 130}"/>
      </g>
      <path d="${paths.frontRibSeam}" fill="none" stroke="#fff" opacity="0.12" stroke-width="4" filter="url(#edge)" transform="translate(0 -8)"/>`,
  });
}

/** One of our tees drawn from its shape. */
export function drawTee(garment: TeeGarment): GarmentDrawing {
  const paths = buildPaths(TEE_SHAPES[garment]);
  return {
    silhouette: paths.silhouette,
    printArea: paths.shape.printArea,
    shade: shadeOf(paths),
    light: lightOf(paths),
  };
}
