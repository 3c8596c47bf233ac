import type { AppContext } from "../context.ts";
import { countDesigns, findGarmentStyleIds, insertArtists } from "../modules/catalogue/queries.ts";
import { slugify } from "../modules/catalogue/slugify.ts";
import { ARTWORK_FAMILIES, type ArtworkFamily, generateArtworkSvg, MASCOTS } from "./artwork/families.ts";
import { ICON_NAMES } from "./artwork/icons.ts";
import { PALETTES } from "./artwork/palettes.ts";
import { avatarSvg, bannerSvg } from "./artwork/profile-art.ts";
import { mapConcurrent, renderPng } from "./artwork/render.ts";
import { DESCRIPTION_ENDINGS, type Theme } from "./catalogue-content.ts";
import { type PlannedDesign, planVariants } from "./demo-catalogue-plan.ts";
import { createPrng, type Prng } from "./prng.ts";
import { insertDesignsWithVariants } from "./seed-catalogue.ts";

/** Words that titles, tags and descriptions of the scale data are built from, per theme. */
const VOCABULARY: Record<Theme, { adjectives: string[]; nouns: string[]; suffixes: string[]; tags: string[] }> = {
  anime: {
    adjectives: [
      "Sleepy",
      "Neon",
      "Kawaii",
      "Midnight",
      "Legendary",
      "Tiny",
      "Magical",
      "Cyber",
      "Spirit",
      "Shonen",
      "Cozy",
      "Feral",
    ],
    nouns: [
      "Ramen",
      "Ninja",
      "Kaiju",
      "Onigiri",
      "Samurai",
      "Mecha",
      "Fox",
      "Sakura",
      "Ronin",
      "Mochi",
      "Dumpling",
      "Senpai",
      "Katana",
      "Bento",
      "Kitsune",
    ],
    suffixes: ["Club", "Academy", "Arc", "Energy", "Mode", "Dojo", "Squad", "Season", "Power-Up"],
    tags: ["anime", "manga", "kawaii", "otaku", "japan"],
  },
  nerdery: {
    adjectives: [
      "Critical",
      "Retro",
      "Quantum",
      "Grimdark",
      "Arcane",
      "Pixel",
      "Cosmic",
      "Legendary",
      "Chaotic",
      "Lawful",
      "Tiny",
      "Ancient",
    ],
    nouns: [
      "Dice",
      "Goblin",
      "Dragon",
      "Wizard",
      "Potion",
      "Tavern",
      "Miniature",
      "Warhammer",
      "Robot",
      "Planet",
      "Atom",
      "Rocket",
      "Dungeon",
      "Paladin",
      "Knight",
      "Controller",
    ],
    suffixes: ["Society", "Guild", "League", "Hoard", "Crew", "Department", "Initiative", "Campaign", "Club"],
    tags: ["nerd", "tabletop", "rpg", "gaming", "science", "dice"],
  },
  funny: {
    adjectives: [
      "Grumpy",
      "Certified",
      "Professional",
      "Feral",
      "Sarcastic",
      "Emotionally Attached",
      "Mildly Chaotic",
      "Overcaffeinated",
      "Sleepy",
      "Part-Time",
      "Retired",
      "Unbothered",
    ],
    nouns: [
      "Toast",
      "Coffee",
      "Taco",
      "Pizza",
      "Nap",
      "Houseplant",
      "Snack",
      "Cat",
      "Potato",
      "Mug",
      "Waffle",
      "Pickle",
      "Raccoon",
      "Introvert",
    ],
    suffixes: ["Club", "Department", "Energy", "Champion", "Inspector", "Enthusiast", "Mode", "Gang", "Society"],
    tags: ["funny", "humor", "sarcasm", "meme", "pun"],
  },
  black_history: {
    adjectives: [
      "Proud",
      "Rooted",
      "Rising",
      "Heritage",
      "Golden",
      "Timeless",
      "Fearless",
      "Joyful",
      "Historic",
      "Bold",
    ],
    nouns: [
      "Legacy",
      "Freedom",
      "Roots",
      "Jazz",
      "Blues",
      "Harlem",
      "Ancestors",
      "Dreamers",
      "Voices",
      "Juneteenth",
      "Renaissance",
      "Library",
    ],
    suffixes: ["Forever", "Rising", "Strong", "Lives On", "Movement", "Collective", "Season", "Society"],
    tags: ["black history", "heritage", "culture", "legacy", "history"],
  },
  evergreen: {
    adjectives: [
      "Wild",
      "Golden",
      "Retro",
      "Vintage",
      "Salty",
      "Cozy",
      "Desert",
      "Moonlit",
      "Sunny",
      "Wandering",
      "Groovy",
      "Misty",
    ],
    nouns: [
      "Mountain",
      "Wave",
      "Cactus",
      "Moon",
      "Sunset",
      "Forest",
      "Campfire",
      "Ocean",
      "Wildflower",
      "Trail",
      "Vinyl",
      "Owl",
      "Lighthouse",
      "Canyon",
    ],
    suffixes: ["Club", "Vibes", "Society", "Season", "Chaser", "Forever", "Hour", "Co."],
    tags: ["nature", "outdoors", "retro", "adventure", "travel"],
  },
};

/** Words that make a design title more specific, as sellers add them ("Vintage", "Pixel"…). */
const QUALIFIERS = [
  "Vintage",
  "Distressed",
  "Minimal",
  "Badge",
  "Retro",
  "Classic",
  "Line Art",
  "Pixel",
  "Halftone",
  "90s",
  "80s",
  "Y2K",
  "Emblem",
  "Crest",
  "Sunset",
  "Mascot",
  "Sticker Style",
  "Hand Drawn",
  "Neon",
  "Pastel",
];

const THEMES: readonly Theme[] = ["anime", "nerdery", "funny", "black_history", "evergreen"];
const FIRST_NAMES = [
  "Alex",
  "Jordan",
  "Sam",
  "Priya",
  "Kenji",
  "Amara",
  "Lena",
  "Mateo",
  "Zoe",
  "Omar",
  "Ines",
  "Kofi",
  "Mira",
  "Felix",
  "Nia",
  "Hugo",
  "Aya",
  "Ruth",
  "Leo",
  "Tariq",
  "Yuki",
  "Elena",
  "Malik",
  "Greta",
  "Rosa",
  "Ivan",
  "Chloe",
  "Dara",
  "Emeka",
  "Sven",
];
const LAST_NAMES = [
  "Rivera",
  "Okoye",
  "Tanaka",
  "Novak",
  "Haddad",
  "Silva",
  "Kim",
  "Moreau",
  "Adeyemi",
  "Larsen",
  "Patel",
  "Ortiz",
  "Brennan",
  "Mensah",
  "Fischer",
  "Romero",
  "Sato",
  "Walsh",
  "Nguyen",
  "Duarte",
  "Ellis",
  "Kowalski",
  "Baptiste",
  "Lindgren",
];
const STUDIO_WORDS = ["Ink", "Press", "Prints", "Studio", "Draws", "Makes", "Art", "Goods"];

const POOL_ARTWORKS = 96;
const POOL_PROFILES = 24;
const DESIGN_BATCH = 2000;

export type ScaleSeedOptions = {
  designs: number;
  /** New artists to spread the designs over (default: one per 100 designs, at least 10). */
  artists?: number;
  seed?: string;
  onProgress?: (message: string) => void;
};

/** Renders the small pool of artworks, avatars and banners that the many scale designs share. */
async function renderPools(context: Pick<AppContext, "storage">, rng: Prng) {
  const artworkKeys = await mapConcurrent(
    Array.from({ length: POOL_ARTWORKS }, (_, index) => index),
    4,
    async (index) => {
      const theme = THEMES[index % THEMES.length] as Theme;
      const words = VOCABULARY[theme];
      const family = ARTWORK_FAMILIES[index % ARTWORK_FAMILIES.length] as ArtworkFamily;
      const id = rng.uuid();
      const svg = generateArtworkSvg(
        {
          family,
          lines: [rng.pick(words.adjectives), `${rng.pick(words.nouns)} ${rng.pick(words.suffixes)}`],
          palette: rng.pick(PALETTES),
          icon: rng.pick(ICON_NAMES),
          mascot: rng.pick(MASCOTS),
          seed: id,
        },
        720,
      );
      const key = `designs/${id}/artwork.png`;
      await context.storage.put(key, await renderPng(svg), "image/png");
      return { key, theme };
    },
  );
  const profileKeys = await mapConcurrent(
    Array.from({ length: POOL_PROFILES }, (_, index) => index),
    4,
    async (index) => {
      const id = rng.uuid();
      const palette = PALETTES[index % PALETTES.length] as (typeof PALETTES)[number];
      const avatarKey = `artists/${id}/avatar.png`;
      const bannerKey = `artists/${id}/banner.png`;
      await context.storage.put(
        avatarKey,
        await renderPng(
          avatarSvg(`${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[index % LAST_NAMES.length]}`, palette, id),
        ),
        "image/png",
      );
      await context.storage.put(bannerKey, await renderPng(bannerSvg(palette, id)), "image/png");
      return { avatarKey, bannerKey };
    },
  );
  return { artworkKeys, profileKeys };
}

/**
 * Adds `designs` designs (with variants) and a set of new artists to the database, for benchmarks and search
 * at realistic volume. Rows go in multi-row batches; the artwork is a small rendered pool reused by every
 * design. Ids derive from the seed and the current design count, so a second run adds more, never clashes.
 */
export async function seedScaleCatalogue(
  context: Pick<AppContext, "db" | "storage">,
  options: ScaleSeedOptions,
): Promise<{ designs: number; artists: number }> {
  const log = options.onProgress ?? (() => undefined);
  const existing = await countDesigns({ db: context.db });
  const rng = createPrng(`${options.seed ?? "threadfolk-scale-v1"}:${existing}`);
  const styleIds = await findGarmentStyleIds({ db: context.db });
  const pools = await renderPools(context, rng.fork("pools"));
  log(`rendered a pool of ${pools.artworkKeys.length} artworks and ${pools.profileKeys.length} avatars`);

  const artistCount = options.artists ?? Math.max(10, Math.ceil(options.designs / 100));
  const runTag = existing.toString(36);
  const artistRng = rng.fork("artists");
  const artists = Array.from({ length: artistCount }, (_, index) => {
    const first = artistRng.pick(FIRST_NAMES);
    const last = artistRng.pick(LAST_NAMES);
    const studio = artistRng.chance(0.25);
    const displayName = studio ? `${last} ${artistRng.pick(STUDIO_WORDS)}` : `${first} ${last}`;
    const profile = pools.profileKeys[index % pools.profileKeys.length] as { avatarKey: string; bannerKey: string };
    const themes = artistRng.sample(THEMES, 2) as Theme[];
    return {
      id: artistRng.uuid(),
      uniqueUsername: `${slugify(displayName).replace(/-/g, "")}${runTag}x${index}`.slice(0, 40),
      displayName,
      bio: `Independent artist drawing ${VOCABULARY[themes[0] as Theme].tags[0]} and ${VOCABULARY[themes[1] as Theme].tags[0]} designs.`,
      avatarKey: profile.avatarKey,
      bannerKey: profile.bannerKey,
      themes,
    };
  });
  await insertArtists({ db: context.db, artists: artists.map(({ themes: _themes, ...artist }) => artist) });
  log(`inserted ${artists.length} artists`);

  const designRng = rng.fork("designs");
  const now = Date.now();
  let inserted = 0;
  const startedAt = performance.now();
  while (inserted < options.designs) {
    const size = Math.min(DESIGN_BATCH, options.designs - inserted);
    const batch: Omit<PlannedDesign, "artwork" | "theme" | "slogan">[] = [];
    for (let i = 0; i < size; i++) {
      const artist = designRng.pick(artists);
      const theme = designRng.chance(0.8) ? (designRng.pick(artist.themes) as Theme) : designRng.pick(THEMES);
      const words = VOCABULARY[theme];
      // One in seven titles borrows a word from another theme ("Grimdark Houseplant"), as real catalogues do.
      const adjective = designRng.pick(
        (designRng.chance(0.15) ? VOCABULARY[designRng.pick(THEMES)] : words).adjectives,
      );
      const noun = designRng.pick(words.nouns);
      const shape = designRng.int(0, 5);
      const suffix = designRng.pick(words.suffixes);
      const otherNoun = designRng.pick(shape === 4 ? VOCABULARY[designRng.pick(THEMES)].nouns : words.nouns);
      let title =
        shape === 0
          ? `${adjective} ${noun}`
          : shape === 1
            ? `${adjective} ${noun} ${suffix}`
            : shape === 2
              ? `${noun} ${suffix}`
              : shape === 3
                ? `The ${adjective} ${noun}`
                : shape === 4
                  ? `${adjective} ${noun} and ${otherNoun}`
                  : `${noun} ${otherNoun} ${suffix}`;
      // Tags name what the title shows: its subject words plus the theme's own tags.
      const titleWords = [noun, ...(shape === 2 || shape === 5 ? [] : [adjective]), ...(shape >= 4 ? [otherNoun] : [])];
      if (designRng.chance(0.5)) title = `${title} ${designRng.pick(QUALIFIERS)}`;
      const artwork = designRng.pick(pools.artworkKeys.filter((entry) => entry.theme === theme));
      const palette = designRng.pick(PALETTES);
      const defaultColor = designRng.pick(palette.garments);
      const basePriceCents = designRng.pick([1999, 2199, 2299, 2499, 2699, 2999]);
      const publishedAt = new Date(now - Math.floor(designRng.next() ** 1.3 * 730 * 86_400_000));
      const orderCount30d = Math.round(designRng.next() ** 4 * 200);
      const id = designRng.uuid();
      batch.push({
        id,
        sellerProfileId: artist.id,
        slug: slugify(title),
        displayName: title,
        description: `${title}: a ${words.tags[0]} design by ${artist.displayName}, drawn around a ${noun.toLowerCase()} with a lot of ${adjective.toLowerCase()} energy. ${designRng.pick(DESCRIPTION_ENDINGS)}`,
        tags: [
          ...new Set([
            ...designRng.sample(words.tags, 3),
            ...titleWords.map((word) => word.toLowerCase()),
            "graphic tee",
          ]),
        ],
        artworkKey: artwork.key,
        basePriceCents,
        defaultColor,
        status: designRng.chance(0.02) ? "deactivated" : "active",
        publishedAt,
        createdAt: publishedAt,
        orderCount30d,
        favoriteCount: Math.round(orderCount30d * designRng.float(1, 5) + designRng.int(0, 20)),
        variants: planVariants(designRng, basePriceCents, defaultColor),
      });
    }
    await insertDesignsWithVariants(context, batch, styleIds);
    inserted += size;
    if (inserted % 10_000 === 0 || inserted === options.designs) {
      const seconds = (performance.now() - startedAt) / 1000;
      log(
        `inserted ${inserted.toLocaleString("en-US")} / ${options.designs.toLocaleString("en-US")} designs (${seconds.toFixed(1)} s)`,
      );
    }
  }
  return { designs: inserted, artists: artists.length };
}
