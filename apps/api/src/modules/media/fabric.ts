/**
 * The knitted cotton's texture, added to a garment's colour-free layers once per garment and size
 * (render-mockup.ts): a fine random grain plus faint horizontal courses, scaled with the picture. The grain
 * darkens a little through the multiply layer (it shows on light fabrics) and lightens a little through the
 * screen layer (it shows on dark ones), so it reads on every colour without greying a white shirt.
 */

/** A small deterministic hash, for fabric grain that is the same on every render. */
function grainAt(x: number, y: number): number {
  let h = (x * 374761393 + y * 668265263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h & 0xff) / 255;
}

/** Adds the fabric's grain to `shade` (multiply) and `light` (screen) inside `mask`, in place. */
export function addFabricGrain(layers: { size: number; mask: Uint8Array; shade: Uint8Array; light: Uint8Array }) {
  const { size, mask, shade, light } = layers;
  const course = Math.max(2, Math.round(size / 260));
  // Per-pixel grain is coarser on small pictures, so it is fainter there.
  const detail = Math.min(1, size / 1024);
  const darken = 0.008 + 0.014 * detail;
  const lighten = (2 + 3 * detail) / 255;
  for (let y = 0; y < size; y++) {
    const row = y * size;
    const courseShade = y % course === 0 ? 0.992 : 1;
    for (let x = 0; x < size; x++) {
      const index = row + x;
      if (mask[index] === 0) continue;
      const grain = grainAt(x, y);
      shade[index] = Math.round((shade[index] as number) * (1 - darken * grain) * courseShade);
      const lit = (light[index] as number) / 255;
      light[index] = Math.round(255 * (1 - (1 - lit) * (1 - lighten * (1 - grain))));
    }
  }
}
