import { colorDisplayName, resolveColor } from "@threadfolk/contract/colors";
import { isUuid } from "@threadfolk/contract/ids";
import { CURRENCY, decimalAmount } from "@threadfolk/contract/money";
import { DESIGN_MOCKUP_SIZES, printableColors, shownDesignColor } from "@threadfolk/contract/page-images";
import type { AppContext } from "../../context.ts";
import type { PageMeta, PageMetaResult } from "../../http/web-app.ts";
import { catalogueGeneration } from "../../lib/catalogue-generation.ts";
import { salePriceCents } from "../catalogue/pricing.ts";
import { findHomeFirstImages } from "./find-home-first-images.ts";
import { createShortLivedCache } from "./get-home-collections.ts";
import { createImageUrlSigner, garmentForStyle } from "./image-urls.ts";
import { printableColor } from "./presenters.ts";
import { findArtist, findArtistCounts, findDesignCardRows, findDesignVariants } from "./queries.ts";

// The id segment is checked with the contract's isUuid: a design or artist page whose id is not one is a 404.
const DESIGN_PATH = /^\/design\/([^/]+)\/([^/]+)\/([^/]+)\/?$/;
const ARTIST_PATH = /^\/artist\/([^/]+)\/([^/]+)\/?$/;
const DESCRIPTION_LIMIT = 200;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= DESCRIPTION_LIMIT ? flat : `${flat.slice(0, DESCRIPTION_LIMIT - 1).trimEnd()}…`;
}

/**
 * A design as schema.org describes a product for sale (Google's Product and merchant listing rules: name, image
 * and an Offer with price, currency and availability). Every listed design can be ordered: printed on demand.
 */
function productStructuredData(product: {
  name: string;
  description: string;
  imageUrl: string;
  artistName: string;
  url: string;
  sku: string;
  price: string;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: [product.imageUrl],
    sku: product.sku,
    brand: { "@type": "Brand", name: product.artistName },
    url: product.url,
    offers: {
      "@type": "Offer",
      url: product.url,
      price: product.price,
      priceCurrency: CURRENCY,
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

/**
 * Head tags of design and artist pages for link previews and search engines: title, description, canonical
 * URL and an absolute preview image. Unknown (or hidden) designs and artists (suspended storefronts too) answer "not_found" so the
 * server replies 404; other paths keep the defaults. The home and design pages also name the images they show
 * first, which the HTML preloads.
 */
export function createPageMetaResolver(context: Pick<AppContext, "db" | "config">) {
  const { config } = context;
  // The same for every visitor and the most requested page: kept as long as the home payload is.
  const homeImages = createShortLivedCache({
    ttlMs: config.DISCOVERY_CACHE_SECONDS * 1000,
    load: () => findHomeFirstImages({ context }),
    // The carousel's first slide is among them: an operator's change drops them at once (decision 076).
    generation: catalogueGeneration,
  });
  return async function resolvePageMeta(pathname: string): Promise<PageMetaResult> {
    if (pathname === "/") return { preloadImages: await homeImages() };
    const design = DESIGN_PATH.exec(pathname);
    if (design) {
      const [, rawUuid = "", , rawColor = ""] = design;
      if (!isUuid(rawUuid)) return "not_found";
      const uuid = rawUuid.toLowerCase();
      const [[row], variants] = await Promise.all([
        findDesignCardRows({ db: context.db, designIds: [uuid] }),
        findDesignVariants({ db: context.db, designId: uuid }),
      ]);
      if (!row) return "not_found";
      const color = resolveColor(rawColor) ?? resolveColor(row.defaultColor) ?? "black";
      const images = await createImageUrlSigner({ db: context.db, config, absolute: true });
      const image = images.watermarkedMockup({
        designUuid: row.id,
        garment: garmentForStyle(row.garmentStyleKey ?? "mens_tee"),
        color,
        version: row.artworkVersion,
      });
      const canonicalPath = `/design/${row.id}/${row.slug}/${color}`;
      const description = shorten(
        `${row.displayName}, a design by ${row.artistName}, printed on a ${colorDisplayName(color)} t-shirt and more. Shop independent artists on ${config.BRAND_NAME}.`,
      );
      // What the page asks first: the default variant's price, or its sale price while a sale runs.
      const price = decimalAmount(salePriceCents(row.priceCents, row.saleOffers) ?? row.priceCents);
      const meta: PageMeta = {
        title: `${row.displayName} by ${row.artistName} | ${config.BRAND_NAME}`,
        description,
        imageUrl: image.src,
        type: "product",
        canonicalPath,
        openGraph: [
          ["product:price:amount", price],
          ["product:price:currency", CURRENCY],
        ],
        structuredData: productStructuredData({
          name: row.displayName,
          description,
          imageUrl: image.src,
          artistName: row.artistName,
          url: `${config.PUBLIC_URL}${canonicalPath}`,
          sku: row.id,
          price,
        }),
      };
      // The mockup the page shows first (its default style, in the colour it picks), as the page requests it.
      const shownStyle = (variants.find(({ variant }) => variant.isDefault) ?? variants[0])?.style;
      const styleColors = shownStyle ? printableColors(shownStyle.colors) : [];
      if (shownStyle && styleColors.length > 0) {
        const relativeImages = await createImageUrlSigner({ db: context.db, config });
        const shown = relativeImages.watermarkedMockup({
          designUuid: row.id,
          garment: garmentForStyle(shownStyle.key),
          color: shownDesignColor({
            requested: rawColor,
            defaultColor: printableColor(row.defaultColor),
            colors: styleColors,
          }),
          version: row.artworkVersion,
        });
        meta.preloadImages = [{ src: shown.src, srcSet: shown.srcSet, sizes: DESIGN_MOCKUP_SIZES }];
      }
      return meta;
    }
    const artistMatch = ARTIST_PATH.exec(pathname);
    if (artistMatch) {
      const rawUuid = artistMatch[2] ?? "";
      if (!isUuid(rawUuid)) return "not_found";
      const uuid = rawUuid.toLowerCase();
      const artist = await findArtist({ db: context.db, uuid });
      // A suspended storefront (issue 28) is not shown, nor named in link previews.
      if (!artist || artist.suspendedAt) return "not_found";
      const counts = await findArtistCounts({ db: context.db, artistId: artist.id });
      const images = await createImageUrlSigner({ db: context.db, config, absolute: true });
      const bio = artist.bio.trim();
      return {
        title: `${artist.displayName} | ${config.BRAND_NAME}`,
        description: shorten(
          bio
            ? `${bio} Shop ${counts.designCount} designs by ${artist.displayName} on ${config.BRAND_NAME}.`
            : `Shop ${counts.designCount} designs by ${artist.displayName}, an independent artist on ${config.BRAND_NAME}.`,
        ),
        ...(artist.avatarKey ? { imageUrl: images.picture("avatar", artist.id, artist.imagesVersion).src } : {}),
        type: "profile",
        canonicalPath: `/artist/${artist.uniqueUsername}/${artist.id}`,
      };
    }
    return undefined;
  };
}
