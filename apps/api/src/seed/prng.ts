/**
 * A small seeded pseudo-random generator (sfc32 fed by a string hash) so the demo marketplace is the same
 * on every machine and every run: same seed, same artists, designs, ids and pictures.
 */
export type Prng = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks an item with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
  /** A random (version 4 layout) UUID drawn from this generator. */
  uuid(): string;
  /** An independent generator from this seed and a label (not from the current state): draws elsewhere never shift it. */
  fork(label: string): Prng;
};

/** 128 bits of state from a string (cyrb128). */
function hashSeed(seed: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** Creates a deterministic generator from a seed string. */
export function createPrng(seed: string): Prng {
  let [a, b, c, d] = hashSeed(seed);
  const nextUint32 = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Discard the first outputs: sfc32 mixes its state during the first few rounds.
  for (let i = 0; i < 15; i++) nextUint32();

  const prng: Prng = {
    next: () => nextUint32() / 4294967296,
    int: (min, max) => min + Math.floor(prng.next() * (max - min + 1)),
    float: (min, max) => min + prng.next() * (max - min),
    chance: (probability) => prng.next() < probability,
    pick(items) {
      if (items.length === 0) throw new Error("cannot pick from an empty list");
      return items[Math.floor(prng.next() * items.length)] as (typeof items)[number];
    },
    weighted(items) {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = prng.next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return (items[items.length - 1] as (typeof items)[number])[0];
    },
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(prng.next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
    sample: (items, count) => prng.shuffle(items).slice(0, count),
    uuid() {
      const hex = Array.from({ length: 4 }, () => nextUint32().toString(16).padStart(8, "0")).join("");
      const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
    fork: (label) => createPrng(`${seed}/${label}`),
  };
  return prng;
}
