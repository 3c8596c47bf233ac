import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "@threadfolk/contract/cart-constants";
import { snakeToCamel } from "@threadfolk/contract/case";
import { colorDisplayName, type ProductColor } from "@threadfolk/contract/colors";
import type { DesignDetail } from "@threadfolk/contract/discovery-constants";
import { DESIGN_MOCKUP_SIZES, printableColors, shownDesignColor } from "@threadfolk/contract/page-images";
import { searchResultsPath } from "@threadfolk/contract/routes";
import { SIZE_ORDER, type Size } from "@threadfolk/contract/sizes";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { FollowArtistButton } from "../app/follow-artist-button.tsx";
import { ReportDesignButton } from "../app/report-design-button.tsx";
import { useDesignCardHeart } from "../app/use-design-card-heart.ts";
import { Button } from "../components/button.tsx";
import { Price } from "../components/design-card.tsx";
import { DesignGrid } from "../components/design-grid.tsx";
import { FavoriteHeartButton } from "../components/favorite-heart-button.tsx";
import { RulerIcon } from "../components/icons/icons.tsx";
import { QuantityStepper } from "../components/quantity-stepper.tsx";
import { addCartLineErrors, useAddCartLine } from "../features/cart/api/add-cart-line.ts";
import { useDesign, useDesignGarmentImages } from "../features/catalogue/api/get-design.ts";
import { ColorSwatches } from "../features/catalogue/components/color-swatches.tsx";
import { NotFoundState } from "../features/catalogue/components/not-found-state.tsx";
import { OptionPills } from "../features/catalogue/components/option-pills.tsx";
import { ProductDetails } from "../features/catalogue/components/product-details.tsx";
import { GARMENT_FACTS } from "../features/catalogue/garment-facts.ts";
import { isApiError } from "../lib/api-client.ts";
import { artistPath, designPath } from "../lib/catalogue-paths.ts";
import { sizeChartPath } from "../lib/size-chart-path.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import { useFavoriteDesignUuids } from "../lib/use-favorite-design-uuids.ts";
import { useIsDesktop } from "../lib/use-media-query.ts";

/** Shown under the sizes when Add to Cart is pressed before a size is chosen. */
const CHOOSE_SIZE_MESSAGE = "Choose a size";

function isSize(value: string): value is Size {
  return Object.hasOwn(SIZE_ORDER, value);
}

/** The style's sizes the cart accepts, in the spec's size order (XS to 5XL). */
function sortSizes(sizes: string[]): Size[] {
  return sizes.filter(isSize).sort((a, b) => SIZE_ORDER[a] - SIZE_ORDER[b]);
}

function DesignSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="grid min-h-dvh content-start gap-8 px-4 pt-6 md:px-10 md:pt-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-14"
    >
      <div className="aspect-square w-full animate-pulse rounded-2xl bg-neutral-100" />
      <div className="space-y-4">
        <div className="h-10 w-3/4 animate-pulse rounded-lg bg-neutral-100" />
        <div className="h-5 w-1/3 animate-pulse rounded bg-neutral-100" />
        <div className="h-8 w-24 animate-pulse rounded bg-neutral-100" />
        <div className="h-40 w-full animate-pulse rounded-xl bg-neutral-100" />
      </div>
    </div>
  );
}

function DesignView({ design, colorParam }: { design: DesignDetail; colorParam: string }) {
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const onHeartClick = useDesignCardHeart();
  const favorites = useFavoriteDesignUuids();
  const quantityId = useId();
  const attributes = design.attributes;
  const variants = attributes.variants;
  const defaultVariant = variants.find((variant) => variant.isDefault) ?? variants[0];
  const [variantId, setVariantId] = useState(defaultVariant?.id);
  const variant = variants.find((candidate) => candidate.id === variantId) ?? defaultVariant;
  const colors = useMemo(() => (variant ? printableColors(variant.colors) : []), [variant]);
  // The same choice the server makes when it preloads this image with the HTML.
  const color = shownDesignColor({ requested: colorParam, defaultColor: attributes.defaultColor, colors });
  const [size, setSize] = useState<Size>();
  const [quantity, setQuantity] = useState(MIN_LINE_QUANTITY);
  const [isSizeMissing, setIsSizeMissing] = useState(false);
  const quantityErrorId = useId();
  const sizesRef = useRef<HTMLDivElement>(null);
  const addToCart = useAddCartLine({ onViewCart: () => void navigate("/shopping-cart") });
  const addErrors = addCartLineErrors(addToCart.error);

  // The URL names the colour shown (and the current slug): fix it up in place when it does not.
  const canonical = designPath(attributes, color);
  useEffect(() => {
    if (window.location.pathname !== canonical) {
      void navigate(`${canonical}${window.location.search}`, { replace: true, preventScrollReset: true });
    }
  }, [canonical, navigate]);

  // The default garment's images come with the design; another garment's are asked for when it is picked.
  const garmentImages = useDesignGarmentImages(design, variant?.garment);
  const chosenImage = garmentImages?.[snakeToCamel(color)]?.watermarked ?? garmentImages?.[color]?.watermarked;
  // While another garment's images are on their way, the picture shown so far stays (no empty frame).
  const [lastImage, setLastImage] = useState(chosenImage);
  if (chosenImage && chosenImage !== lastImage) setLastImage(chosenImage);
  const image = chosenImage ?? lastImage;
  const sizes = variant ? sortSizes(variant.sizes) : [];
  const selectedSize = size && sizes.includes(size) ? size : undefined;

  function chooseColor(next: ProductColor) {
    addToCart.reset();
    void navigate(designPath(attributes, next), { replace: true, preventScrollReset: true });
  }

  function handleAddToCart() {
    if (!variant) return;
    if (!selectedSize) {
      setIsSizeMissing(true);
      // The first size takes the focus, so the group and its error are read out.
      sizesRef.current?.querySelector("input")?.focus();
      return;
    }
    addToCart.mutate({
      variantId: variant.id,
      size: selectedSize,
      color,
      quantity,
      design: { uuid: attributes.uuid, displayName: attributes.displayName },
    });
  }

  const { artist } = attributes;
  const sizeChartHref = sizeChartPath(variant?.garmentStyleKey);
  const sizeChartLink = (
    <Link
      to={sizeChartHref}
      className="-mx-1 inline-flex min-h-11 items-center gap-1.5 rounded px-1 text-sm font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand md:min-h-0"
    >
      <RulerIcon className="size-4" />
      Size chart
    </Link>
  );
  const styleName = variant ? `${variant.garmentStyleDisplayName} (${variant.fit})` : "T-Shirt";
  return (
    <div className="pb-16">
      <div className="grid gap-6 px-0 pt-0 md:px-10 md:pt-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-14">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <div className="relative overflow-hidden bg-neutral-100 md:rounded-2xl md:ring-1 md:ring-neutral-900/5">
            {image && (
              <img
                src={image.src}
                srcSet={image.srcSet}
                sizes={DESIGN_MOCKUP_SIZES}
                width={image.width}
                height={image.height}
                alt={`${attributes.displayName} on a ${colorDisplayName(color)} ${variant?.garmentStyleDisplayName ?? "t-shirt"}`}
                fetchPriority="high"
                className="aspect-square h-auto w-full object-cover"
              />
            )}
            {/* The design's heart, as on its cards: the collections menu opens against it (a guest signs in first). */}
            <FavoriteHeartButton
              card={attributes}
              isFavorite={favorites.has(attributes.uuid)}
              onHeartClick={onHeartClick}
              size="page"
              className="absolute top-3 right-3 md:top-4 md:right-4"
            />
          </div>
        </div>

        <div className="px-4 md:px-0">
          <h1 className="font-display text-3xl font-extrabold tracking-tight text-neutral-950 md:text-[40px] md:leading-tight">
            {attributes.displayName}
          </h1>
          {/* The artist line and Follow share one row, centred on each other; Follow wraps under it on narrow screens. */}
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
            <Link
              to={artistPath(artist)}
              className="inline-flex items-center gap-3 rounded-full py-1 pr-3 text-neutral-700 hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              {artist.avatar ? (
                <img
                  src={artist.avatar.src}
                  srcSet={artist.avatar.srcSet}
                  sizes="40px"
                  width={40}
                  height={40}
                  alt=""
                  className="size-10 rounded-full bg-neutral-100 object-cover ring-1 ring-neutral-900/10"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-neutral-200 font-bold"
                >
                  {artist.displayName.charAt(0)}
                </span>
              )}
              <span>
                Art By{" "}
                <span className="font-semibold text-neutral-900 underline-offset-2 hover:underline">
                  {artist.displayName}
                </span>
              </span>
            </Link>
            <FollowArtistButton artist={artist} />
          </div>

          <p className="mt-5 text-2xl">
            {variant ? (
              <Price price={variant.price} onSale={variant.onSale} salesPrice={variant.salesPrice} />
            ) : (
              <Price price={attributes.price} onSale={attributes.onSale} salesPrice={attributes.salesPrice} />
            )}
          </p>

          <div className="mt-8 space-y-7">
            {variants.length > 1 && (
              <OptionPills
                legend="Style and fit"
                options={variants.map((candidate) => ({
                  value: candidate.id,
                  label: `${candidate.garmentStyleDisplayName}`,
                  detail: candidate.fit,
                }))}
                value={variant?.id}
                onChange={(id) => {
                  addToCart.reset();
                  setVariantId(id);
                }}
              />
            )}
            {colors.length > 0 && <ColorSwatches colors={colors} value={color} onChange={chooseColor} />}
            {sizes.length > 0 && (
              <div ref={sizesRef}>
                <OptionPills
                  legend="Size"
                  options={sizes.map((value) => ({ value, label: value }))}
                  value={selectedSize}
                  onChange={(next) => {
                    addToCart.reset();
                    setIsSizeMissing(false);
                    setSize(next);
                  }}
                  error={isSizeMissing && !selectedSize ? CHOOSE_SIZE_MESSAGE : addErrors.size}
                  aside={isDesktop ? sizeChartLink : undefined}
                />
                {/* Phones: a row of its own under the sizes, where a thumb cannot catch it instead of a size. */}
                {!isDesktop && <div className="mt-2">{sizeChartLink}</div>}
              </div>
            )}
            {addErrors.color && (
              <p role="alert" className="-mt-4 text-sm text-red-600">
                {addErrors.color}
              </p>
            )}
            <div>
              <label htmlFor={quantityId} className="block text-sm font-semibold text-neutral-900">
                Quantity
              </label>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <QuantityStepper
                  id={quantityId}
                  value={quantity}
                  min={MIN_LINE_QUANTITY}
                  max={MAX_LINE_QUANTITY}
                  describedBy={addErrors.quantity ? quantityErrorId : undefined}
                  onChange={(next) => {
                    addToCart.reset();
                    setQuantity(next);
                  }}
                />
                <Button onClick={handleAddToCart} busy={addToCart.isPending} className="min-w-48 flex-1 sm:flex-none">
                  Add to Cart
                </Button>
              </div>
              {addErrors.quantity && (
                <p id={quantityErrorId} role="alert" className="mt-2 text-sm text-red-600">
                  {addErrors.quantity}
                </p>
              )}
              {addErrors.form && (
                <p role="alert" className="mt-2 text-sm text-red-600">
                  {addErrors.form}
                </p>
              )}
            </div>
          </div>

          <ProductDetails
            styleName={styleName}
            facts={variant ? GARMENT_FACTS[variant.garmentStyleKey] : undefined}
            sizeRange={sizes.length > 0 ? `${sizes[0]} to ${sizes[sizes.length - 1]}` : undefined}
            sizeChartHref={sizeChartHref}
          />

          {attributes.description && (
            <section aria-labelledby="design-description" className="mt-10 border-t border-neutral-200 pt-6">
              <h2 id="design-description" className="text-sm font-bold tracking-[0.14em] text-neutral-500 uppercase">
                About this design
              </h2>
              <p className="mt-3 text-[17px] leading-relaxed text-neutral-800">{attributes.description}</p>
            </section>
          )}
          {attributes.tags.length > 0 && (
            <section aria-labelledby="design-tags" className="mt-6">
              <h2 id="design-tags" className="text-sm font-bold tracking-[0.14em] text-neutral-500 uppercase">
                Tags
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {attributes.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={searchResultsPath(tag)}
                      className="inline-flex h-9 items-center rounded-full bg-neutral-100 px-3.5 text-sm font-medium text-neutral-800 transition-colors hover:bg-neutral-950 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                    >
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <p className="mt-8 border-t border-neutral-200 pt-4">
            <ReportDesignButton design={{ uuid: attributes.uuid, displayName: attributes.displayName }} />
          </p>
        </div>
      </div>

      {attributes.moreByArtist.length > 0 && (
        <section aria-labelledby="more-by-artist" className={isDesktop ? "mt-20 px-6 lg:px-10" : "mt-14 px-2.5"}>
          <div className="mb-5 flex items-end justify-between gap-4">
            <h2
              id="more-by-artist"
              className="font-display text-2xl font-extrabold tracking-tight text-neutral-950 md:text-[28px]"
            >
              More by this artist
            </h2>
            <Link
              to={artistPath(artist)}
              className="shrink-0 rounded text-sm font-bold text-brand hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              Visit the shop
            </Link>
          </div>
          <DesignGrid
            cards={attributes.moreByArtist}
            layout={isDesktop ? "desktop" : "mobile"}
            onHeartClick={onHeartClick}
            label={`More by ${artist.displayName}`}
          />
        </section>
      )}
    </div>
  );
}

/** Design detail `/design/{uuid}/{slug}/{color}` (spec section 2 names the route; the page is ours). */
export default function DesignPage() {
  const { uuid = "", defaultColor = "" } = useParams();
  const design = useDesign(uuid);
  useDocumentTitle(
    design.data
      ? `${design.data.attributes.displayName} by ${design.data.attributes.artistName}`
      : design.isError
        ? isApiError(design.error, 410)
          ? "Design no longer available"
          : "Design not found"
        : undefined,
  );
  if (design.isPending) return <DesignSkeleton />;
  if (design.isError) {
    if (isApiError(design.error, 410)) {
      return (
        <NotFoundState title="Design no longer available" code={null}>
          <p className="mt-4 text-lg text-neutral-700">
            This design is no longer available on our shop. There are hundreds more to discover.
          </p>
        </NotFoundState>
      );
    }
    if (isApiError(design.error, 404)) {
      return (
        <NotFoundState title="Design not found">
          <p className="mt-4 text-lg text-neutral-700">
            This design is no longer for sale, or the link is mistyped. There are hundreds more to discover.
          </p>
        </NotFoundState>
      );
    }
    return (
      <div role="alert" className="px-5 py-16 text-neutral-700 md:px-10">
        The design could not be loaded just now. Please try again in a moment.
      </div>
    );
  }
  return <DesignView key={design.data.id} design={design.data} colorParam={defaultColor} />;
}
