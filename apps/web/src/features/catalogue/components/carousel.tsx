import type { CarouselAsset } from "@threadfolk/contract/discovery-constants";
import {
  CAROUSEL_IMAGE_SIZES,
  CAROUSEL_PHONE_IMAGE_SIZES,
  CAROUSEL_PHONE_MEDIA,
} from "@threadfolk/contract/discovery-constants";
import { type CSSProperties, type ReactNode, useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "../../../components/icons/icons.tsx";
import { useMediaQuery } from "../../../lib/use-media-query.ts";
import { runWhenIdle } from "../../../lib/when-idle.ts";

/**
 * Spec section 2: a 1152x300 image in a 1300x300 container, scaled down together on smaller screens. On phones
 * (below `sm`, CAROUSEL_PHONE_MEDIA) each slide shows its 3:2 phone rendition across the full width instead, with
 * the controls in a row under it rather than over the art (decision 044).
 */
const CONTAINER_WIDTH = 1300;
const IMAGE_WIDTH = 1152;
const SIDE_GUTTER = `${(((CONTAINER_WIDTH - IMAGE_WIDTH) / 2 / CONTAINER_WIDTH) * 100).toFixed(3)}%`;
/** Fallback when the carousel has no usable delay. */
const DEFAULT_DELAY_MS = 5000;
/** After the first slide has loaded, the hidden slides' images wait this long and for an idle moment. */
const HIDDEN_SLIDES_DELAY_MS = 1000;

function SlideLink({
  href,
  children,
  ...props
}: {
  href: string;
  children: ReactNode;
  className: string;
  tabIndex?: number;
}) {
  // Destinations inside the site use the router (no page reload); anything else is an ordinary link.
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link to={href} {...props}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} {...props}>
      {children}
    </a>
  );
}

const controlClass =
  "flex items-center justify-center rounded-full bg-white/95 text-neutral-900 shadow-md ring-1 ring-neutral-900/10 transition hover:bg-white hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";
/** Phones: in the row under the slide. From `sm`: over the slide's edges, as the spec's desktop carousel. */
const arrowClass = `${controlClass} size-11 shrink-0 sm:absolute sm:top-1/2 sm:-translate-y-1/2`;
/** The slide frame's side gutters from `sm` (the 1152 px image centred in the 1300 px container). */
const gutterStyle = { "--carousel-gutter": SIDE_GUTTER } as CSSProperties;

/**
 * The home carousel (spec section 2): slides that link to their click destination, sliding on their own every
 * `slideDelayInMs`, with previous and next buttons always visible. It pauses while hovered or focused and with
 * its pause button, and does not animate for visitors who prefer reduced motion.
 */
export function Carousel({
  assets,
  slideDelayInMs,
  label = "Featured",
}: {
  assets: CarouselAsset[];
  slideDelayInMs: number;
  label?: string;
}) {
  const [index, setIndex] = useState(0);
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const [isStopped, setIsStopped] = useState(false);
  const prefersReducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const slideCount = assets.length;
  const delay = slideDelayInMs > 0 ? slideDelayInMs : DEFAULT_DELAY_MS;
  const isRotating = slideCount > 1 && !isStopped && !isHovered && !hasFocus;
  const trackId = useId();
  // The hidden slides' images are not needed to show the page: they load once the first slide has and the
  // browser is idle, or as soon as the visitor uses the carousel, so they do not compete with the images on
  // screen (decision 011). A slide that becomes current loads in any case.
  const [isFirstSlideLoaded, setIsFirstSlideLoaded] = useState(false);
  const [areHiddenSlidesWanted, setAreHiddenSlidesWanted] = useState(false);
  const wantHiddenSlides = useCallback(() => setAreHiddenSlidesWanted(true), []);
  useEffect(() => {
    if (!isFirstSlideLoaded || areHiddenSlidesWanted) return;
    return runWhenIdle(wantHiddenSlides, HIDDEN_SLIDES_DELAY_MS);
  }, [isFirstSlideLoaded, areHiddenSlidesWanted, wantHiddenSlides]);

  const go = useCallback(
    (step: number) => {
      setAreHiddenSlidesWanted(true);
      setIndex((current) => (current + step + slideCount) % slideCount);
    },
    [slideCount],
  );

  useEffect(() => {
    if (!isRotating) return;
    const timer = setInterval(() => go(1), delay);
    return () => clearInterval(timer);
  }, [isRotating, delay, go]);

  if (slideCount === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      style={gutterStyle}
      className="relative mx-auto w-full max-w-[1300px] sm:aspect-[1300/300]"
      onPointerEnter={(event) => {
        wantHiddenSlides();
        if (event.pointerType === "mouse") setIsHovered(true);
      }}
      onPointerLeave={() => setIsHovered(false)}
      onFocus={() => {
        wantHiddenSlides();
        setHasFocus(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false);
      }}
    >
      {/* Phones reserve the 3:2 rendition's height, wider screens the container's: nothing moves as images load. */}
      <div className="relative aspect-[3/2] overflow-hidden rounded-xl sm:absolute sm:inset-y-0 sm:right-(--carousel-gutter) sm:left-(--carousel-gutter) sm:aspect-auto sm:rounded-2xl">
        <div
          id={trackId}
          aria-live={isRotating ? "off" : "polite"}
          className={`flex h-full ${prefersReducedMotion ? "" : "transition-transform duration-700 ease-in-out"}`}
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {assets.map((asset, position) => {
            const { image, phoneImage, clickDestinationUrl, altText } = asset.attributes;
            const isCurrent = position === index;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a group with a role description, not a form fieldset
              <div
                key={asset.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${position + 1} of ${slideCount}`}
                inert={!isCurrent}
                className="h-full w-full shrink-0"
              >
                <SlideLink
                  href={clickDestinationUrl}
                  className="block h-full w-full focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand"
                >
                  {(position === 0 || isCurrent || areHiddenSlidesWanted) && (
                    // The browser downloads one rendition: the phone one where CAROUSEL_PHONE_MEDIA matches.
                    <picture>
                      <source
                        media={CAROUSEL_PHONE_MEDIA}
                        srcSet={phoneImage.srcSet}
                        sizes={CAROUSEL_PHONE_IMAGE_SIZES}
                        width={phoneImage.width}
                        height={phoneImage.height}
                      />
                      <img
                        src={image.src || asset.attributes.assetUrl}
                        srcSet={image.srcSet || undefined}
                        sizes={CAROUSEL_IMAGE_SIZES}
                        width={image.width || IMAGE_WIDTH}
                        height={image.height || 300}
                        alt={altText ?? `Slide ${position + 1}`}
                        loading={position === 0 ? "eager" : "lazy"}
                        fetchPriority={position === 0 ? "high" : undefined}
                        onLoad={position === 0 ? () => setIsFirstSlideLoaded(true) : undefined}
                        onError={position === 0 ? () => setIsFirstSlideLoaded(true) : undefined}
                        className="h-full w-full bg-neutral-100 object-cover"
                      />
                    </picture>
                  )}
                </SlideLink>
              </div>
            );
          })}
        </div>
      </div>
      {slideCount > 1 && (
        // Phones: one row under the slide (previous, the dots, pause, next). From `sm`: the arrows over the slide's
        // edges and the dots with the pause button in its corner, as before.
        <div className="mt-2 flex items-center justify-center gap-1 sm:mt-0 sm:block">
          <button
            type="button"
            aria-controls={trackId}
            aria-label="Previous slide"
            onClick={() => go(-1)}
            className={`${arrowClass} sm:left-0 md:left-1 lg:left-3`}
          >
            <ChevronLeftIcon className="size-5 sm:size-6" />
          </button>
          <div className="flex items-center gap-1 sm:absolute sm:right-[calc(var(--carousel-gutter)+0.5rem)] sm:bottom-3">
            {assets.map((asset, position) => (
              <button
                key={asset.id}
                type="button"
                aria-label={`Go to slide ${position + 1}`}
                aria-current={position === index ? "true" : undefined}
                onClick={() => {
                  wantHiddenSlides();
                  setIndex(position);
                }}
                className="group/dot flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand sm:focus-visible:outline-white"
              >
                <span
                  className={`block h-2 rounded-full ring-1 transition-all sm:shadow sm:ring-neutral-900/20 ${position === index ? "w-5 bg-neutral-900 ring-neutral-900 sm:bg-white" : "w-2 bg-neutral-300 ring-neutral-400/40 group-hover/dot:bg-neutral-500 sm:bg-white/60 sm:group-hover/dot:bg-white"}`}
                />
              </button>
            ))}
            <button
              type="button"
              aria-label={isStopped ? "Play slideshow" : "Pause slideshow"}
              onClick={() => setIsStopped((stopped) => !stopped)}
              className="ml-1 flex size-11 items-center justify-center rounded-full text-neutral-800 transition hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand sm:size-8 sm:bg-neutral-950/55 sm:text-white sm:backdrop-blur sm:hover:bg-neutral-950/80 sm:focus-visible:outline-white"
            >
              {isStopped ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
            </button>
          </div>
          <button
            type="button"
            aria-controls={trackId}
            aria-label="Next slide"
            onClick={() => go(1)}
            className={`${arrowClass} sm:right-0 md:right-1 lg:right-3`}
          >
            <ChevronRightIcon className="size-5 sm:size-6" />
          </button>
        </div>
      )}
    </section>
  );
}
