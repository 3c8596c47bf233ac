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
  mirrorPath,
  type Point,
  type PrintArea,
  p,
  ribLines,
  STITCH,
  shadeLayer,
} from "./garment-drawing.ts";

/**
 * Our t-shirts, front view, as if worn: the unisex tee, the long-sleeve tee and the fitted women's tee share
 * one drawing, set by the key points of the left half (the right half mirrors them). The shoulders slope
 * down from the collar and the sleeves hang from them at an angle, cut square to the arm, with the gap under
 * the arm showing the backdrop; the long sleeve tapers from the upper arm to a ribbed cuff.
 */

/** The key points of the left half of a tee; the right half mirrors them. */
type TeeShape = {
  neckPoint: Point;
  neckDepth: number;
  ribWidth: number;
  shoulder: Point;
  /** The sleeve's outer edge from the shoulder point: a cubic through these controls to `sleeveEnd`. */
  sleeveOuterControl1: Point;
  sleeveOuterControl2: Point;
  /** The outer and inner corners of the sleeve's opening. */
  sleeveEnd: Point;
  sleeveHemInner: Point;
  /** The inner edge of the sleeve bows out by this much (a long sleeve's forearm), 0 for a straight seam. */
  sleeveInnerBow: number;
  armpit: Point;
  waist: Point;
  hem: Point;
  hemSag: number;
  /** A ribbed cuff's height along the arm, or 0 for a hemmed short sleeve. */
  cuff: number;
  printArea: PrintArea;
};

export type TeeGarment = "tee" | "long-sleeve" | "womens-tee";

/** The shared body of the unisex tee and the long-sleeve tee: chest 20 in, length 29 in. */
const UNISEX_BODY = {
  neckPoint: [414, 118] as Point,
  neckDepth: 74,
  ribWidth: 22,
  shoulder: [272, 162] as Point,
  armpit: [266, 358] as Point,
  waist: [264, 610] as Point,
  hem: [258, 874] as Point,
  hemSag: 10,
  printArea: { x: 360, y: 246, width: 280, height: 373 },
};

const TEE_SHAPES: Record<TeeGarment, TeeShape> = {
  // A regular-fit tee: the sleeve falls about 30 degrees from the vertical and ends above the elbow.
  tee: {
    ...UNISEX_BODY,
    sleeveOuterControl1: [226, 176],
    sleeveOuterControl2: [162, 258],
    sleeveEnd: [132, 388],
    sleeveHemInner: [240, 444],
    sleeveInnerBow: 0,
    cuff: 0,
  },
  // The same body with sleeves to the wrist, a little away from the body, tapering to a ribbed cuff.
  "long-sleeve": {
    ...UNISEX_BODY,
    sleeveOuterControl1: [218, 178],
    sleeveOuterControl2: [140, 340],
    sleeveEnd: [144, 812],
    sleeveHemInner: [206, 820],
    sleeveInnerBow: 6,
    cuff: 46,
  },
  // A fitted cut: narrower sloping shoulders, short cap sleeves, a waist, a scoop neck and a curved hem.
  "womens-tee": {
    neckPoint: [422, 126],
    neckDepth: 98,
    ribWidth: 18,
    shoulder: [300, 168],
    sleeveOuterControl1: [270, 178],
    sleeveOuterControl2: [228, 232],
    sleeveEnd: [210, 318],
    sleeveHemInner: [292, 356],
    sleeveInnerBow: 0,
    armpit: [302, 330],
    waist: [324, 566],
    hem: [296, 858],
    hemSag: 24,
    cuff: 0,
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
  shoulderSeams: string;
  /** The left sleeve (the right one is its mirror image). */
  sleeve: string;
  armhole: string;
  sleeveHemStitch: string;
  /** The left cuff as a band across the sleeve's end, when there is one. */
  cuffBand?: string;
  cuffSeam?: string;
  cuffRibs?: string;
  hemStitch: string;
  /** The sleeve's axis: from the middle of the armhole to the middle of its opening. */
  axis: { from: Point; to: Point };
  shape: TeeShape;
};

const add = (a: Point, b: Point): Point => [a[0] + b[0], a[1] + b[1]];
const scale = (a: Point, k: number): Point => [a[0] * k, a[1] * k];
const unit = (from: Point, to: Point): Point => {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  return [(to[0] - from[0]) / length, (to[1] - from[1]) / length];
};
const r = (value: number) => Math.round(value * 10) / 10;
const pr = ([x, y]: Point) => `${r(x)} ${r(y)}`;

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
  const backTop = `C ${seamLeft[0] + 40} ${seamLeft[1] + 16}, ${seamRight[0] - 40} ${seamRight[1] + 16}, ${p(seamRight)}`;
  const backRibEdge = `M ${p(neckPoint)} C ${neckPoint[0] + 36} ${neckPoint[1] + 30}, ${neckRight[0] - 36} ${neckRight[1] + 30}, ${p(neckRight)}`;

  // The sleeve's inner edge, from its opening up to the armpit, bowed a little on a long sleeve.
  const innerMiddle = lerp(sleeveHemInner, armpit, 0.5);
  const innerDirection = unit(sleeveHemInner, armpit);
  const bow: Point = [innerMiddle[0] + innerDirection[1] * shape.sleeveInnerBow, innerMiddle[1]];
  const innerUp = `C ${pr(lerp(sleeveHemInner, bow, 0.7))}, ${pr(lerp(armpit, bow, 0.5))}, ${p(armpit)}`;
  const innerDown = `C ${pr(lerp(armpit, bow, 0.5))}, ${pr(lerp(sleeveHemInner, bow, 0.7))}, ${p(sleeveHemInner)}`;
  // The body's side, with a slight waist and a little flare at the hem.
  const sideDown = `C ${armpit[0] + 2} ${armpit[1] + 90}, ${waist[0]} ${waist[1] - 130}, ${p(waist)} C ${waist[0]} ${waist[1] + 120}, ${hem[0] + 2} ${hem[1] - 120}, ${p(hem)}`;
  const hemRight = mirror(hem);
  const hemCurve = `C ${hem[0] + 120} ${hem[1] + shape.hemSag}, ${hemRight[0] - 120} ${hem[1] + shape.hemSag}, ${p(hemRight)}`;
  // The left half from the shoulder down to the hem, then its mirror image back up.
  const leftDown = [
    `L ${p(shoulder)}`,
    `C ${p(c1)}, ${p(c2)}, ${p(sleeveEnd)}`,
    `L ${p(sleeveHemInner)}`,
    innerUp,
    sideDown,
  ].join(" ");
  const rightUp = mirrorPath(
    [
      `C ${hem[0] + 2} ${hem[1] - 120}, ${waist[0]} ${waist[1] + 120}, ${p(waist)}`,
      `C ${waist[0]} ${waist[1] - 130}, ${armpit[0] + 2} ${armpit[1] + 90}, ${p(armpit)}`,
      innerDown,
      `L ${p(sleeveEnd)}`,
      `C ${p(c2)}, ${p(c1)}, ${p(shoulder)}`,
      `L ${p(seamLeft)}`,
    ].join(" "),
  );
  const backTopLeftward = `C ${seamRight[0] - 40} ${seamRight[1] + 16}, ${seamLeft[0] + 40} ${seamLeft[1] + 16}, ${p(seamLeft)}`;
  const silhouette = `M ${p(seamLeft)} ${leftDown} ${hemCurve} ${rightUp} ${backTopLeftward} Z`;

  // The armhole seam, from the shoulder point curving down into the armpit.
  // The armhole seam, from the shoulder point bowing in towards the chest and out again into the armpit.
  const armholeC1: Point = [shoulder[0] + 14, shoulder[1] + 64];
  const armholeC2: Point = [armpit[0] + 16, armpit[1] - 70];
  const armhole = `M ${p(shoulder)} C ${p(armholeC1)}, ${p(armholeC2)}, ${p(armpit)}`;
  const sleeve = `M ${p(shoulder)} C ${p(c1)}, ${p(c2)}, ${p(sleeveEnd)} L ${p(sleeveHemInner)} ${innerUp} C ${p(armholeC2)}, ${p(armholeC1)}, ${p(shoulder)} Z`;
  const armholeMiddle = lerp(shoulder, armpit, 0.5);
  const opening = lerp(sleeveEnd, sleeveHemInner, 0.5);
  // Up the arm, from the opening towards the shoulder.
  const up = unit(opening, armholeMiddle);
  const across = unit(sleeveEnd, sleeveHemInner);
  const hemDepth = shape.cuff > 0 ? shape.cuff : 20;
  const stitchFrom = add(add(sleeveEnd, scale(up, hemDepth)), scale(across, 2));
  const stitchTo = add(add(sleeveHemInner, scale(up, hemDepth)), scale(across, -2));
  const sleeveHemStitch = `M ${pr(stitchFrom)} L ${pr(stitchTo)}`;
  let cuff: Pick<TeePaths, "cuffBand" | "cuffSeam" | "cuffRibs"> = {};
  if (shape.cuff > 0) {
    // A band across the sleeve's end, wider than the sleeve (the garment's outline clips it).
    const outerEnd = add(sleeveEnd, scale(across, -20));
    const innerEnd = add(sleeveHemInner, scale(across, 20));
    const outerTop = add(outerEnd, scale(up, shape.cuff));
    const innerTop = add(innerEnd, scale(up, shape.cuff));
    const below = scale(up, -10);
    cuff = {
      cuffBand: `M ${pr(add(outerEnd, below))} L ${pr(add(innerEnd, below))} L ${pr(innerTop)} L ${pr(outerTop)} Z`,
      cuffSeam: `M ${pr(add(sleeveEnd, scale(up, shape.cuff)))} L ${pr(add(sleeveHemInner, scale(up, shape.cuff)))}`,
      cuffRibs: ribLines(add(outerEnd, below), outerTop, [innerEnd[0] - outerEnd[0], innerEnd[1] - outerEnd[1]], 16),
    };
  }
  const hemStitch = `M ${hem[0] + 3} ${hem[1] - 18} C ${hem[0] + 120} ${hem[1] - 18 + shape.hemSag}, ${hemRight[0] - 120} ${hem[1] - 18 + shape.hemSag}, ${hemRight[0] - 3} ${hem[1] - 18}`;
  const shoulderSeams = `M ${p(seamLeft)} L ${p(shoulder)} M ${p(seamRight)} L ${p(mirror(shoulder))}`;

  return {
    silhouette,
    neckOpening: `M ${p(seamLeft)} ${backTop} L ${p(neckRight)} ${frontOpeningRightToLeft} Z`,
    backInterior: `${backRibEdge} ${frontOpeningRightToLeft} Z`,
    frontRib: `${seamLeftToRight} L ${p(neckRight)} ${frontOpeningRightToLeft} Z`,
    frontRibSeam: seamLeftToRight,
    backRibEdge,
    shoulderSeams,
    sleeve,
    armhole,
    sleeveHemStitch,
    ...cuff,
    hemStitch,
    axis: { from: armholeMiddle, to: opening },
    shape,
  };
}

/** Folds: soft shadow strokes (multiply) paired with a ridge highlight beside them (screen). */
function foldsOf(paths: TeePaths): { shadows: Fold[]; ridges: Fold[] } {
  const { shape, axis } = paths;
  const { armpit, waist, hem, shoulder, sleeveEnd, sleeveHemInner } = shape;
  const shadows: Fold[] = [];
  const ridges: Fold[] = [];
  const both = (list: Fold[], fold: Fold) => list.push(...mirrored(fold));
  const [ax, ay] = armpit;
  // Where the drape from the armpit ends: towards the chest, but only just into the print area.
  const drapeX = Math.min(ax + 100, shape.printArea.x + 12);
  // Drape from the armpit toward the middle of the chest, with its lit ridge just above.
  both(shadows, {
    d: `M ${ax + 8} ${ay + 16} C ${ax + 50} ${ay + 48}, ${ax + 84} ${ay + 100}, ${drapeX} ${ay + 196}`,
    width: 30,
    depth: 0.2,
    blur: 20,
  });
  both(ridges, {
    d: `M ${ax + 32} ${ay + 2} C ${ax + 74} ${ay + 40}, ${ax + 106} ${ay + 92}, ${ax + 124} ${ay + 176}`,
    width: 24,
    depth: 0.1,
    blur: 18,
  });
  // The shadow the sleeve casts where it meets the body, and the body's side turning away below it.
  both(shadows, {
    d: `M ${ax - 4} ${ay - 50} C ${ax} ${ay - 10}, ${ax + 8} ${ay + 40}, ${ax + 10} ${ay + 120}`,
    width: 24,
    depth: 0.3,
    blur: 12,
  });
  // Fabric hanging from the chest to the hem, beside the print.
  const hangX = Math.min(waist[0] + 74, shape.printArea.x - 8);
  both(shadows, {
    d: `M ${hangX} ${waist[1] - 50} C ${hangX + 10} ${waist[1] + 70}, ${hem[0] + 92} ${hem[1] - 180}, ${hem[0] + 98} ${hem[1] - 30}`,
    width: 38,
    depth: 0.14,
    blur: 24,
  });
  both(ridges, {
    d: `M ${hangX + 42} ${waist[1] - 30} C ${hangX + 52} ${waist[1] + 80}, ${hem[0] + 136} ${hem[1] - 170}, ${hem[0] + 142} ${hem[1] - 40}`,
    width: 28,
    depth: 0.07,
    blur: 22,
  });
  // A soft diagonal pull across the lower chest (from one side's drape), so the print is not on a flat board.
  shadows.push({
    d: `M ${waist[0] + 60} ${waist[1] - 20} C ${waist[0] + 160} ${waist[1] - 60}, 560 ${waist[1] - 10}, 660 ${waist[1] - 70}`,
    width: 40,
    depth: 0.045,
    blur: 26,
  });
  // Gentle ripples across the chest, where the print is: a wave under the collar and a soft fold falling
  // from it, each with its lit ridge, so the print lies on cloth rather than on a board.
  const chestY = shape.printArea.y + shape.printArea.height * 0.24;
  shadows.push({
    d: `M ${ax + 40} ${chestY + 10} C ${ax + 120} ${chestY - 14}, 440 ${chestY + 26}, 520 ${chestY + 8} C 590 ${chestY - 8}, 640 ${chestY + 14}, ${1000 - ax - 40} ${chestY - 2}`,
    width: 46,
    depth: 0.05,
    blur: 26,
  });
  ridges.push({
    d: `M ${ax + 40} ${chestY - 26} C ${ax + 120} ${chestY - 50}, 440 ${chestY - 10}, 520 ${chestY - 28} C 590 ${chestY - 44}, 640 ${chestY - 22}, ${1000 - ax - 40} ${chestY - 38}`,
    width: 34,
    depth: 0.06,
    blur: 24,
  });
  const foldX = 470;
  shadows.push({
    d: `M ${foldX + 10} ${chestY + 60} C ${foldX} ${chestY + 140}, ${foldX + 16} ${chestY + 220}, ${foldX + 2} ${shape.printArea.y + shape.printArea.height + 40}`,
    width: 36,
    depth: 0.045,
    blur: 24,
  });
  ridges.push({
    d: `M ${foldX + 46} ${chestY + 70} C ${foldX + 36} ${chestY + 150}, ${foldX + 52} ${chestY + 230}, ${foldX + 38} ${shape.printArea.y + shape.printArea.height + 30}`,
    width: 28,
    depth: 0.05,
    blur: 22,
  });
  // A soft wave across the lower body, and the hem turning under.
  const waveY = waist[1] + 160;
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
  // The sleeve: a crease running down from the shoulder, and (on a long sleeve) creases at the elbow and
  // fabric bunching above the cuff.
  const sleeveLength = Math.hypot(axis.to[0] - axis.from[0], axis.to[1] - axis.from[1]);
  const up = unit(axis.to, axis.from);
  const across = unit(sleeveEnd, sleeveHemInner);
  const along = (t: number, side: number): Point =>
    add(
      lerp(axis.from, axis.to, t),
      scale(across, side * Math.hypot(sleeveHemInner[0] - sleeveEnd[0], sleeveHemInner[1] - sleeveEnd[1])),
    );
  both(shadows, {
    d: `M ${pr(add(shoulder, [-10, 40]))} C ${pr(along(0.35, -0.2))}, ${pr(along(0.6, -0.1))}, ${pr(along(0.85, -0.12))}`,
    width: 22,
    depth: 0.12,
    blur: 16,
  });
  if (shape.cuff > 0) {
    for (const [t, depth] of [
      [0.48, 0.16],
      [0.56, 0.12],
      [0.84, 0.16],
      [0.9, 0.18],
    ] as const) {
      const from = along(t, -0.45);
      const to = add(along(t, 0.45), scale(up, 18));
      const middle = add(lerp(from, to, 0.5), scale(up, -10));
      both(shadows, { d: `M ${pr(from)} Q ${pr(middle)}, ${pr(to)}`, width: 14, depth, blur: 8 });
      both(ridges, {
        d: `M ${pr(add(from, scale(up, 14)))} Q ${pr(add(middle, scale(up, 14)))}, ${pr(add(to, scale(up, 14)))}`,
        width: 10,
        depth: 0.08,
        blur: 7,
      });
    }
  } else if (sleeveLength > 0) {
    // The short sleeve's hem turning under.
    both(shadows, {
      d: `M ${pr(add(sleeveEnd, scale(up, 8)))} L ${pr(add(sleeveHemInner, scale(up, 8)))}`,
      width: 12,
      depth: 0.12,
      blur: 6,
    });
  }
  return { shadows, ridges };
}

/** The multiply layer: body roundness, folds, seams, collar, the inside back. */
function shadeOf(paths: TeePaths): string {
  const { armpit, hem, neckPoint, neckDepth, sleeveEnd, sleeveHemInner } = paths.shape;
  // The body's roundness across, measured over the chest (a fitted cut's waist is narrower than its chest).
  const bodyLeft = Math.min(armpit[0], paths.shape.waist[0]) - 6 - Math.max(0, paths.shape.waist[0] - armpit[0]) * 1.5;
  const ribLinesOfCollar = Array.from({ length: 34 }, (_, index) => {
    const t = index / 33;
    return `<line x1="${300 + t * 400}" y1="0" x2="${300 + t * 400}" y2="400" />`;
  }).join("");
  // The sleeve shaded as a tube: lit along its top, turning away at its outer edge and darker underneath.
  const middle = lerp(paths.axis.from, paths.axis.to, 0.45);
  const across = unit(sleeveEnd, sleeveHemInner);
  const halfWidth = Math.hypot(sleeveHemInner[0] - sleeveEnd[0], sleeveHemInner[1] - sleeveEnd[1]) * 0.62;
  const outer = add(middle, scale(across, -halfWidth));
  const inner = add(middle, scale(across, halfWidth));
  const sleeveGradient = (id: string, from: Point, to: Point) =>
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${r(from[0])}" y1="${r(from[1])}" x2="${r(to[0])}" y2="${r(to[1])}">
        <stop offset="0" stop-color="${grey(0.8)}"/>
        <stop offset="0.16" stop-color="${grey(0.95)}"/>
        <stop offset="0.4" stop-color="${grey(1)}"/>
        <stop offset="0.72" stop-color="${grey(0.93)}"/>
        <stop offset="1" stop-color="${grey(0.74)}"/>
      </linearGradient>`;
  const cuffs =
    paths.cuffBand && paths.cuffRibs && paths.cuffSeam
      ? `<g clip-path="url(#sleeves)">
        <path d="${paths.cuffBand} ${mirrorPath(paths.cuffBand)}" fill="${grey(0.95)}"/>
        <path d="${paths.cuffRibs} ${mirrorPath(paths.cuffRibs)}" fill="none" stroke="${grey(0.86)}" stroke-width="2.4"/>
        <path d="${paths.cuffSeam} ${mirrorPath(paths.cuffSeam)}" fill="none" stroke="#000" opacity="0.2" stroke-width="8" filter="url(#cuffShadow)" transform="translate(0 -4)"/>
      </g>
      <path d="${paths.cuffSeam} ${mirrorPath(paths.cuffSeam)}" fill="none" stroke="${grey(0.66)}" stroke-width="1.6"/>`
      : "";
  return shadeLayer({
    silhouette: paths.silhouette,
    across: [bodyLeft, 1000 - bodyLeft],
    down: [120, hem[1] + 10],
    collar: { grey: 0.96, until: 0.24 },
    defs: `<clipPath id="rib"><path d="${paths.frontRib}"/></clipPath>
      <clipPath id="sleeves"><path d="${paths.sleeve} ${mirrorPath(paths.sleeve)}"/></clipPath>
      ${sleeveGradient("sleeveLeft", outer, inner)}
      ${sleeveGradient("sleeveRight", mirror(outer), mirror(inner))}
      ${insideBackGradient(neckPoint[1], neckPoint[1] + neckDepth)}
      ${blurFilter("armholeShadow", 6, `${paths.armhole} ${mirrorPath(paths.armhole)}`, 7)}
      ${blurFilter("ribShadow", 6, paths.frontRibSeam, 16)}
      ${blurFilter("backRib", 3, paths.backRibEdge, 6)}
      ${paths.cuffSeam ? blurFilter("cuffShadow", 4, `${paths.cuffSeam} ${mirrorPath(paths.cuffSeam)}`, 8) : ""}`,
    underFolds: `<path d="${paths.sleeve}" fill="url(#sleeveLeft)"/>
      <path d="${mirrorPath(paths.sleeve)}" fill="url(#sleeveRight)"/>`,
    folds: foldsOf(paths).shadows,
    details: `<g fill="none" stroke="#000" opacity="0.34" stroke-width="7" filter="url(#armholeShadow)" transform="translate(3 0)">
        <path d="${paths.armhole}"/><path d="${mirrorPath(paths.armhole)}" transform="translate(-6 0)"/>
      </g>
      <path d="${paths.armhole} ${mirrorPath(paths.armhole)}" fill="none" stroke="${grey(0.62)}" stroke-width="1.8"/>
      <path d="${paths.shoulderSeams}" fill="none" stroke="${grey(0.74)}" stroke-width="1.6"/>
      ${cuffs}
      <g ${STITCH}>
        <path d="${paths.sleeveHemStitch} ${mirrorPath(paths.sleeveHemStitch)} ${paths.hemStitch}"/>
      </g>
      <path d="${paths.frontRibSeam}" fill="none" stroke="#000" opacity="0.26" stroke-width="10" filter="url(#ribShadow)" transform="translate(0 6)"/>
      <path d="${paths.frontRib}" fill="${grey(0.96)}"/>
      <g clip-path="url(#rib)" stroke="${grey(0.9)}" stroke-width="2.2">${ribLinesOfCollar}</g>
      <path d="${paths.frontRibSeam}" ${STITCH}/>
      <path d="${paths.neckOpening}" fill="${grey(0.86)}"/>
      <path d="${paths.backInterior}" fill="url(#inside)"/>
      <path d="${paths.backRibEdge}" fill="none" stroke="#000" opacity="0.5" stroke-width="6" filter="url(#backRib)"/>`,
  });
}

/** The screen layer: highlights on the chest, fold ridges, the shoulders and the tops of the sleeves. */
function lightOf(paths: TeePaths): string {
  const { shoulder, neckPoint } = paths.shape;
  const sleeveTop = `M ${pr(add(shoulder, [-16, 26]))} L ${pr(lerp(paths.axis.from, paths.axis.to, 0.75))}`;
  return lightLayer({
    silhouette: paths.silhouette,
    chest: { cy: 400, r: 270, stretch: 1.25, peak: 0.07, middle: 0.035 },
    defs: `<filter id="glow" filterUnits="userSpaceOnUse" x="0" y="${shoulder[1] - 80}" width="1000" height="860"><feGaussianBlur stdDeviation="14"/></filter>
      ${blurFilter("edge", 2, paths.frontRibSeam, 10)}`,
    ridges: foldsOf(paths).ridges,
    details: `<g fill="none" stroke="#fff" opacity="0.1" stroke-width="26" filter="url(#glow)" transform="translate(-8 0)">
        <path d="M ${shoulder[0] + 16} ${shoulder[1] + 4} L ${neckPoint[0] - 24} ${neckPoint[1] + 10}"/>
        <path d="${sleeveTop}"/>
      </g>
      <g fill="none" stroke="#fff" opacity="0.1" stroke-width="26" filter="url(#glow)" transform="translate(8 0)">
        <path d="${mirrorPath(`M ${shoulder[0] + 16} ${shoulder[1] + 4} L ${neckPoint[0] - 24} ${neckPoint[1] + 10}`)}"/>
        <path d="${mirrorPath(sleeveTop)}"/>
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
