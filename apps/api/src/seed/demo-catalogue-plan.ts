import type { ProductColor } from "@threadfolk/contract/colors";
import type { HomeCollectionKey } from "@threadfolk/contract/constants";
import { HOME_PREVIEW_SIZE } from "@threadfolk/contract/discovery";
import { slugify } from "../modules/catalogue/slugify.ts";
import {
  ARTWORK_FAMILIES,
  type ArtworkFamily,
  type ArtworkInput,
  type MascotName,
  type SunsetScene,
} from "./artwork/families.ts";
import type { IconName } from "./artwork/icons.ts";
import { findPalette, PALETTES, type Palette } from "./artwork/palettes.ts";
import { fitArtworkSvg } from "./artwork/render.ts";
import {
  ARTISTS,
  DESCRIPTION_ENDINGS,
  type DesignConcept,
  FAMILY_EDITIONS,
  THEME_COLLECTION,
  THEME_CONCEPTS,
  type Theme,
} from "./catalogue-content.ts";
import { DEMO_ARTIST_UNIQUE_USERNAME } from "./demo-accounts.ts";
import { createPrng, type Prng } from "./prng.ts";

export const DEMO_SEED = "threadfolk-demo-v1";
export const DEFAULT_DEMO_DESIGNS = 420;
export const DEFAULT_DEMO_ARTISTS = ARTISTS.length;

export type GarmentStyleKey = "mens_tee" | "womens_tee" | "hoodie" | "tank_top" | "long_sleeve";

export type PlannedArtist = {
  id: string;
  uniqueUsername: string;
  displayName: string;
  bio: string;
  palette: Palette;
  avatarKey: string;
  bannerKey: string;
  createdAt: Date;
};

export type PlannedVariant = { garmentStyleKey: GarmentStyleKey; priceCents: number; isDefault: boolean };

export type PlannedDesign = {
  id: string;
  sellerProfileId: string;
  theme: Theme;
  slug: string;
  displayName: string;
  /** The words the design is about (its concept's title): editions of one slogan share it. */
  slogan: string;
  description: string;
  tags: string[];
  artworkKey: string;
  artwork: ArtworkInput;
  basePriceCents: number;
  defaultColor: ProductColor;
  status: "active" | "deactivated";
  publishedAt: Date;
  createdAt: Date;
  orderCount30d: number;
  favoriteCount: number;
  variants: PlannedVariant[];
};

export type PlannedSlide = {
  headline: string;
  subline: string;
  action: string;
  clickDestinationUrl: string;
  altText: string;
  palette: Palette;
  /** Designs whose artwork is shown on the slide. */
  designIds: string[];
};

export type DemoCataloguePlan = {
  artists: PlannedArtist[];
  designs: PlannedDesign[];
  /** Ordered design ids of each curated home collection. */
  curated: Partial<Record<HomeCollectionKey, string[]>>;
  slides: PlannedSlide[];
  slideDelayInMs: number;
  sale: {
    name: string;
    startsAt: Date;
    endsAt: Date;
    percentOff: number;
    designs: { designId: string; salePriceCents: number | null }[];
  };
};

export type DemoCatalogueOptions = {
  seed?: string;
  /** Number of artists (the demo artist always included); at most the written roster. */
  artists?: number;
  designs?: number;
  /** Dates (publication, the sale window) are relative to this moment. */
  now?: Date;
};

const THEMES: readonly Theme[] = ["black_history", "anime", "funny", "nerdery", "evergreen"];

const THEME_PALETTES: Record<Theme, readonly string[]> = {
  black_history: ["pan-african", "heritage-light", "ember", "forest-trail", "vintage-press", "retro-sunset"],
  anime: ["neon-night", "pastel-dream", "bubblegum", "tidepool", "kelly-day", "retro-sunset"],
  funny: ["playground", "citrus-pop", "ink-and-tomato", "bubblegum", "retro-sunset", "ember", "kelly-day"],
  nerdery: ["neon-night", "tidepool", "forest-trail", "retro-sunset", "vintage-press", "ink-and-tomato"],
  evergreen: ["retro-sunset", "forest-trail", "tidepool", "vintage-press", "kelly-day", "pastel-dream", "ember"],
};

const FAMILY_TAGS: Record<ArtworkFamily, string> = {
  slogan: "typography",
  sunset: "retro sunset",
  pixel: "pixel art",
  lineart: "line art",
  halftone: "halftone",
  mascot: "kawaii",
  waves: "70s",
  heritage: "heritage",
  dice: "dice",
};

const BASE_PRICES = [1999, 2199, 2299, 2499, 2699] as const;
const MAX_PRICE = 3499;
/** Styles that never lack a colour of a tee, so they can always be the default variant. */
const WOMENS_TEE_COLORS_MISSING: readonly ProductColor[] = ["military_green"];

/** Variants for a design: both tees plus up to two more styles, exactly one default, prices in range. */
export function planVariants(rng: Prng, basePriceCents: number, defaultColor: ProductColor): PlannedVariant[] {
  const extras = rng.sample(["hoodie", "tank_top", "long_sleeve"] as const, rng.int(0, 2));
  const womensDefault = rng.chance(0.3) && !WOMENS_TEE_COLORS_MISSING.includes(defaultColor);
  const variants: PlannedVariant[] = [
    { garmentStyleKey: "mens_tee", priceCents: basePriceCents, isDefault: !womensDefault },
    { garmentStyleKey: "womens_tee", priceCents: basePriceCents, isDefault: womensDefault },
  ];
  for (const key of extras) {
    const priceCents =
      key === "hoodie"
        ? MAX_PRICE
        : key === "long_sleeve"
          ? Math.min(MAX_PRICE, basePriceCents + 500)
          : Math.max(1999, basePriceCents - 200);
    variants.push({ garmentStyleKey: key, priceCents, isDefault: false });
  }
  return variants;
}

/** Publication moments skewed towards recent weeks, over about six months. */
function publishedAtFor(rng: Prng, now: Date): Date {
  const days = Math.floor(rng.next() ** 1.6 * 180);
  const minutes = rng.int(0, 24 * 60 - 1);
  return new Date(now.getTime() - days * 86_400_000 - minutes * 60_000 - 3_600_000);
}

/**
 * Plans the whole demo marketplace from a seed, with no I/O: the same seed and options always give the
 * same artists, designs, ids, words and artwork inputs (only dates follow `now`).
 */
export function planDemoCatalogue(options: DemoCatalogueOptions = {}): DemoCataloguePlan {
  const seed = options.seed ?? DEMO_SEED;
  const now = options.now ?? new Date();
  const designCount = options.designs ?? DEFAULT_DEMO_DESIGNS;
  const rng = createPrng(seed);

  const demoArtist = ARTISTS.find((artist) => artist.uniqueUsername === DEMO_ARTIST_UNIQUE_USERNAME);
  if (!demoArtist) throw new Error("the demo artist is missing from the roster");
  const others = ARTISTS.filter((artist) => artist !== demoArtist);
  const roster = [
    demoArtist,
    ...others.slice(0, Math.max(0, Math.min(ARTISTS.length, options.artists ?? DEFAULT_DEMO_ARTISTS) - 1)),
  ];
  const artistRng = rng.fork("artists");
  const artists: PlannedArtist[] = roster.map((artist, index) => {
    const id = artistRng.uuid();
    return {
      id,
      uniqueUsername: artist.uniqueUsername,
      displayName: artist.displayName,
      bio: artist.bio,
      palette: findPalette(artistRng.pick(THEME_PALETTES[artist.themes[0] ?? "evergreen"])),
      avatarKey: `artists/${id}/avatar.png`,
      bannerKey: `artists/${id}/banner.png`,
      createdAt: new Date(now.getTime() - (400 - index * 5) * 86_400_000),
    };
  });
  const artistsByTheme = new Map<Theme, { artist: PlannedArtist; weight: number }[]>();
  for (const theme of THEMES) {
    const candidates = roster
      .map((seedArtist, index) => ({ seedArtist, artist: artists[index] as PlannedArtist }))
      .filter(({ seedArtist }) => seedArtist.themes.includes(theme))
      .map(({ seedArtist, artist }) => ({
        artist,
        // The demo artist gets a fuller storefront; an artist's first theme is their main one.
        weight: (seedArtist === demoArtist ? 3 : 1) * (seedArtist.themes[0] === theme ? 2 : 1),
      }));
    artistsByTheme.set(theme, candidates.length > 0 ? candidates : artists.map((artist) => ({ artist, weight: 1 })));
  }

  // Each artist has a recognisable hand: a few palettes of their own and the families they draw in first.
  const styleRng = rng.fork("styles");
  const styles = new Map<string, ArtistStyle>(
    roster.map((seedArtist, index) => {
      const themePalettes = THEME_PALETTES[seedArtist.themes[0] ?? "evergreen"];
      return [
        (artists[index] as PlannedArtist).id,
        {
          palettes: styleRng.sample(themePalettes, 2).map((name) => findPalette(name)),
          families: styleRng.shuffle(ARTWORK_FAMILIES),
        },
      ];
    }),
  );

  const designRng = rng.fork("designs");
  const conceptQueues = new Map<Theme, DesignConcept[]>(
    THEMES.map((theme) => [theme, designRng.shuffle(THEME_CONCEPTS[theme])]),
  );
  const occurrences = new Map<DesignConcept, number>();
  // A slogan belongs to the artist who first drew it; later editions of it are theirs too.
  const conceptArtists = new Map<DesignConcept, PlannedArtist>();
  const usedTitles = new Set<string>();
  const themeOrder = designRng.shuffle(
    Array.from({ length: designCount }, (_, index) => THEMES[index % THEMES.length] as Theme),
  );
  const themeCounters = new Map<Theme, number>();
  const designs: PlannedDesign[] = themeOrder.map((theme) => {
    const queue = conceptQueues.get(theme) as DesignConcept[];
    const counter = themeCounters.get(theme) ?? 0;
    themeCounters.set(theme, counter + 1);
    const concept = queue[counter % queue.length] as DesignConcept;
    const occurrence = occurrences.get(concept) ?? 0;
    occurrences.set(concept, occurrence + 1);
    const artist =
      conceptArtists.get(concept) ??
      designRng.weighted((artistsByTheme.get(theme) ?? []).map(({ artist, weight }) => [artist, weight] as const));
    conceptArtists.set(concept, artist);
    const style = styles.get(artist.id) as ArtistStyle;
    const families = [...concept.families].sort((a, b) => style.families.indexOf(a) - style.families.indexOf(b));
    const family = families[occurrence % families.length] as ArtworkFamily;
    let title = concept.title;
    if (occurrence > 0) {
      const editions = FAMILY_EDITIONS[family];
      const edition = editions[Math.floor(occurrence / concept.families.length) % editions.length] as string;
      title = designRng.chance(0.5) ? `${concept.title} (${edition})` : `${edition} ${concept.title}`;
    }
    for (let suffix = 2; usedTitles.has(title); suffix++) title = `${concept.title} No. ${suffix}`;
    usedTitles.add(title);

    const id = designRng.uuid();
    const palette = designRng.pick(style.palettes);
    const defaultColor = designRng.pick(palette.garments);
    const basePriceCents = designRng.pick(BASE_PRICES);
    const publishedAt = publishedAtFor(designRng, now);
    // A long tail: most designs sell a little, a few sell a lot; evergreen designs lean popular.
    const heat = designRng.next() ** 3 * (theme === "evergreen" ? 1.6 : 1);
    const orderCount30d = Math.round(heat * 140);
    const favoriteCount = Math.round(orderCount30d * designRng.float(1.2, 4) + designRng.int(0, 40));
    const tags = [...new Set([...concept.tags, FAMILY_TAGS[family], "graphic tee"].map((tag) => tag.toLowerCase()))];
    const description = `${concept.blurb} ${designRng.pick(DESCRIPTION_ENDINGS)}`;
    const artwork: ArtworkInput = {
      family,
      lines: concept.lines ?? splitTitle(concept.title),
      palette,
      seed: id,
      ...(concept.caption ? { caption: concept.caption } : {}),
      icon: concept.icon ?? iconFor(designRng, concept.tags, theme),
      mascot: concept.mascot ?? mascotFor(concept.tags),
      scene: sceneFor(designRng, concept.tags, theme),
    };
    return {
      id,
      sellerProfileId: artist.id,
      theme,
      slug: slugify(title),
      displayName: title,
      slogan: concept.title,
      description,
      tags,
      artworkKey: `designs/${id}/artwork.png`,
      artwork,
      basePriceCents,
      defaultColor,
      status: "active",
      publishedAt,
      createdAt: new Date(publishedAt.getTime() - designRng.int(5, 600) * 60_000),
      orderCount30d,
      favoriteCount,
      variants: planVariants(designRng, basePriceCents, defaultColor),
    };
  });
  // A few designs their artists took down: they must stay out of every listing.
  const collectionRng = rng.fork("collections");
  for (const design of collectionRng.sample(designs, Math.floor(designs.length / 70))) design.status = "deactivated";

  const active = designs.filter((design) => design.status === "active");
  // No home section shows one slogan twice: later editions step back in the popular and recent orders.
  spreadSlogans(active, byPopularity, (design) => {
    design.orderCount30d = Math.floor(design.orderCount30d * 0.6);
    design.favoriteCount = Math.floor(design.favoriteCount * 0.6);
  });
  spreadSlogans(active, byNewest, (design) => {
    design.publishedAt = new Date(design.publishedAt.getTime() - 3 * 86_400_000);
    design.createdAt = new Date(design.createdAt.getTime() - 3 * 86_400_000);
  });
  const curated: DemoCataloguePlan["curated"] = {};
  for (const theme of THEMES) {
    const key = THEME_COLLECTION[theme] as HomeCollectionKey | undefined;
    if (!key) continue;
    // Curators put a mix of the well-loved and the new at the top.
    const members = active.filter((design) => design.theme === theme);
    const ranked = collectionRng
      .shuffle(members)
      .sort((a, b) => Number(b.favoriteCount > 60) - Number(a.favoriteCount > 60));
    curated[key] = distinctSlogansFirst(ranked)
      .slice(0, 48)
      .map((design) => design.id);
  }
  curated.picks = distinctSlogansFirst(collectionRng.sample(active, Math.min(active.length, 40))).map(
    (design) => design.id,
  );

  const slideRng = rng.fork("slides");
  // Slides are dark, so they show artworks printed in light ink.
  const lightInk = active.filter((design) => design.artwork.palette.garments.includes("black"));
  const firstOf = (theme: Theme, count: number) =>
    lightInk
      .filter((design) => design.theme === theme)
      .slice(0, count)
      .map((design) => design.id);
  const demoPlanned = artists[0] as PlannedArtist;
  const slides: PlannedSlide[] = [
    {
      headline: "Anime, all original",
      subline: "Ramen clubs, sleepy kaiju and ninja cats by independent artists",
      action: "Shop anime designs",
      clickDestinationUrl: "/results?home-collection=anime&page=1",
      altText: "Shop original anime-style designs",
      palette: findPalette("neon-night"),
      designIds: firstOf("anime", 3),
    },
    {
      headline: `Meet ${demoPlanned.displayName}`,
      subline: "Bold type and warm sunsets from our featured artist",
      action: "Visit the shop",
      clickDestinationUrl: `/artist/${demoPlanned.uniqueUsername}/${demoPlanned.id}`,
      altText: `Visit ${demoPlanned.displayName}'s shop`,
      palette: demoPlanned.palette,
      designIds: lightInk
        .filter((design) => design.sellerProfileId === demoPlanned.id)
        .slice(0, 3)
        .map((design) => design.id),
    },
    {
      headline: "Black History, worn proudly",
      subline: "Heritage prints and dates that matter, all year long",
      action: "See the collection",
      clickDestinationUrl: "/results?home-collection=blk_history25&page=1",
      altText: "See the Black History collection",
      palette: findPalette("pan-african"),
      designIds: firstOf("black_history", 3),
    },
    {
      headline: "Sell your art on Threadfolk",
      subline: "Upload once, we print on every color and ship it for you",
      action: "Join the seller program",
      clickDestinationUrl: "/seller-program",
      altText: "Join the Threadfolk seller program",
      palette: slideRng.pick(PALETTES.filter((palette) => palette.garments.includes("black"))),
      designIds: [...firstOf("funny", 2), ...firstOf("nerdery", 1)],
    },
  ];

  const saleRng = rng.fork("sale");
  const saleDesigns = saleRng.sample(active, Math.max(1, Math.floor(active.length / 4))).map((design, index) => ({
    designId: design.id,
    // A handful of door-busters carry their own price; the rest take the sale's percentage.
    salePriceCents: index < 8 ? 1499 : null,
  }));
  const startOfToday = new Date(now);
  startOfToday.setUTCHours(0, 0, 0, 0);
  const sale = {
    name: "Spring Stock-Up Sale",
    startsAt: new Date(startOfToday.getTime() - 2 * 86_400_000),
    endsAt: new Date(startOfToday.getTime() + 6 * 86_400_000 + 5 * 3_600_000),
    percentOff: 20,
    designs: saleDesigns,
  };

  return { artists, designs, curated, slides, slideDelayInMs: 5000, sale };
}

/** The palettes and the order of artwork families an artist favours. */
type ArtistStyle = { palettes: Palette[]; families: ArtworkFamily[] };

/** How many cards from the top of a listing must show distinct slogans (a home row, and the row after it). */
const DISTINCT_SLOGAN_WINDOW = HOME_PREVIEW_SIZE * 2;

/** The popular listing's order (orders in 30 days, favourites, newest, id), as its query sorts. */
function byPopularity(a: PlannedDesign, b: PlannedDesign): number {
  return b.orderCount30d - a.orderCount30d || b.favoriteCount - a.favoriteCount || byNewest(a, b);
}

/** The recent listing's order (newest first, then id), as its query sorts. */
function byNewest(a: PlannedDesign, b: PlannedDesign): number {
  return b.publishedAt.getTime() - a.publishedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The designs with each slogan's first design ahead of its later editions, otherwise in the given order. */
function distinctSlogansFirst(designs: readonly PlannedDesign[]): PlannedDesign[] {
  const seen = new Set<string>();
  const first: PlannedDesign[] = [];
  const later: PlannedDesign[] = [];
  for (const design of designs) {
    (seen.has(design.slogan) ? later : first).push(design);
    seen.add(design.slogan);
  }
  return [...first, ...later];
}

/**
 * Steps back (with `demote`) any design whose slogan already shows higher up in the top of a listing sorted
 * by `order`, until the top shows every slogan once.
 */
function spreadSlogans(
  designs: PlannedDesign[],
  order: (a: PlannedDesign, b: PlannedDesign) => number,
  demote: (design: PlannedDesign) => void,
): void {
  for (let round = 0; round < 500; round++) {
    const top = [...designs].sort(order).slice(0, DISTINCT_SLOGAN_WINDOW);
    const seen = new Set<string>();
    const repeated = top.filter((design) => {
      const again = seen.has(design.slogan);
      seen.add(design.slogan);
      return again;
    });
    if (repeated.length === 0) return;
    for (const design of repeated) demote(design);
  }
  throw new Error("could not spread the demo slogans over the top of a listing");
}

/** An icon that suits a concept that names none (a bowl for ramen, a d20 for dice…). */
function iconFor(rng: Prng, tags: readonly string[], theme: Theme): IconName {
  const has = (word: string) => tags.some((tag) => tag.includes(word));
  const byTag: [string, IconName][] = [
    ["ramen", "ramen"],
    ["taco", "ramen"],
    ["pizza", "ramen"],
    ["coffee", "coffee"],
    ["cat", "cat"],
    ["plant", "plant"],
    ["dice", "d20"],
    ["rpg", "d20"],
    ["space", "planet"],
    ["science", "atom"],
    ["book", "book"],
    ["music", "moon"],
    ["gaming", "controller"],
    ["sword", "sword"],
    ["ninja", "sword"],
    ["surf", "wave"],
    ["beach", "wave"],
    ["skate", "wave"],
    ["desert", "cactus"],
    ["night", "moon"],
    ["running", "mountain"],
    ["capybara", "leaf"],
  ];
  for (const [word, icon] of byTag) if (has(word)) return icon;
  const byTheme: Record<Theme, readonly IconName[]> = {
    black_history: ["book", "fist", "leaf", "plant"],
    anime: ["moon", "sword", "ramen", "leaf"],
    funny: ["coffee", "plant", "cat", "moon"],
    nerdery: ["d20", "potion", "atom", "controller"],
    evergreen: ["mountain", "wave", "cactus", "moon", "leaf"],
  };
  return rng.pick(byTheme[theme]);
}

/** A sunset silhouette that suits the concept (a shrine gate for anime, palms for the beach…). */
function sceneFor(rng: Prng, tags: readonly string[], theme: Theme): SunsetScene {
  const has = (word: string) => tags.some((tag) => tag.includes(word));
  if (has("city") || has("neon") || has("cyberpunk")) return "city";
  if (has("beach") || has("surf") || has("ocean") || has("summer")) return rng.pick(["palms", "waves"] as const);
  if (has("mountain") || has("hiking") || has("desert") || has("camping") || has("aviation")) return "mountains";
  if (theme === "anime") return rng.pick(["gate", "mountains", "city"] as const);
  return rng.pick(["mountains", "palms", "waves", "city"] as const);
}

/** A mascot that suits a concept drawn in the mascot family without one of its own. */
function mascotFor(tags: readonly string[]): MascotName {
  const has = (word: string) => tags.some((tag) => tag.includes(word));
  if (has("cat")) return "cat";
  if (has("ghost")) return "ghost";
  if (has("coffee") || has("tea")) return "mug";
  if (has("bread") || has("toast") || has("snack")) return "toast";
  if (has("ramen") || has("food") || has("dumpling")) return "dumpling";
  if (has("anime") || has("kawaii")) return "onigiri";
  return "blob";
}

/** Splits a title into two balanced lines for the artwork. */
function splitTitle(title: string): string[] {
  const words = title.split(" ");
  if (words.length < 2) return [title];
  let best = 1;
  let bestDifference = Number.POSITIVE_INFINITY;
  for (let cut = 1; cut < words.length; cut++) {
    const difference = Math.abs(words.slice(0, cut).join(" ").length - words.slice(cut).join(" ").length);
    if (difference < bestDifference) {
      best = cut;
      bestDifference = difference;
    }
  }
  return [words.slice(0, best).join(" "), words.slice(best).join(" ")];
}

/**
 * The SVG of a planned design's artwork at the given pixel width, moved back inside its canvas when it would
 * run off it (`fitArtworkSvg`). `overscan` shows that share of the canvas beyond each edge (tests).
 */
export function plannedArtworkSvg(
  design: Pick<PlannedDesign, "artwork">,
  width: number,
  overscan = 0,
): Promise<string> {
  return fitArtworkSvg(design.artwork, width, overscan);
}
