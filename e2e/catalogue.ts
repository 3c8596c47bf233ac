import type { APIRequestContext } from "@playwright/test";

/**
 * Catalogue look-ups for the specs, over the public discovery API (snake_case wire format): the seeded
 * designs, collections and artists change with the seed, so specs find what they need instead of hard-coding.
 */

export type WireCard = {
  uuid: string;
  slug: string;
  display_name: string;
  default_color: string;
  artist_name: string;
  artist_uuid: string;
  artist_unique_username: string;
  watermarked_signed_urls: Record<string, string>;
};

type HomePayload = Record<string, { attributes: { display_name: string; home_page_preview: WireCard[] } }>;

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

/** The home payload's collections, by spec name (`blk_history25`). */
export async function homeCollections(request: APIRequestContext) {
  const payload = await getJson<HomePayload>(request, "/api/v1/internal_design_collections");
  return (key: string) => {
    const collection = payload[key];
    if (!collection) throw new Error(`The home payload has no ${key} collection`);
    return { displayName: collection.attributes.display_name, cards: collection.attributes.home_page_preview };
  };
}

/** The design page path of a card. */
export function designPathOf(card: WireCard): string {
  return `/design/${card.uuid}/${card.slug}/${card.default_color}`;
}

/** A listed design (the first of the popular collection). */
export async function aDesign(request: APIRequestContext): Promise<WireCard> {
  const card = (await homeCollections(request))("popular").cards[0];
  if (!card) throw new Error("No popular design");
  return card;
}

/** The artist with the most designs among the first listing pages: enough for a second storefront page. */
export async function anArtistWithTwoPages(request: APIRequestContext) {
  const counts = new Map<string, { card: WireCard; count: number }>();
  for (let page = 1; page <= 6; page++) {
    const listing = await getJson<{ data: WireCard[] }>(
      request,
      `/api/v1/internal_design_collections/browse?page=${page}`,
    );
    for (const card of listing.data) {
      const entry = counts.get(card.artist_uuid) ?? { card, count: 0 };
      entry.count += 1;
      counts.set(card.artist_uuid, entry);
    }
  }
  const best = [...counts.values()].sort((a, b) => b.count - a.count)[0];
  if (!best) throw new Error("No designs listed");
  const storefront = await getJson<{ meta: { total_pages: number }; designs: WireCard[] }>(
    request,
    `/api/v1/artists/${best.card.artist_uuid}`,
  );
  if (storefront.meta.total_pages < 2) throw new Error("No artist has a second storefront page");
  return {
    uuid: best.card.artist_uuid,
    username: best.card.artist_unique_username,
    name: best.card.artist_name,
    path: `/artist/${best.card.artist_unique_username}/${best.card.artist_uuid}`,
    card: best.card,
  };
}

/** The front-page carousel's slides (alt text and destination). */
export async function carouselSlides(request: APIRequestContext) {
  const carousel = await getJson<{
    data: {
      attributes: { carousel_assets: Array<{ attributes: { alt_text: string; click_destination_url: string } }> };
    };
  }>(request, "/api/v1/carousels?location_code=front_page");
  return carousel.data.attributes.carousel_assets.map((asset) => ({
    alt: asset.attributes.alt_text,
    href: asset.attributes.click_destination_url,
  }));
}
