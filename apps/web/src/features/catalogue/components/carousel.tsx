import type { CarouselAsset } from "@threadfolk/contract/discovery-constants";
import { CAROUSEL_IMAGE_SIZES } from "@threadfolk/contract/discovery-constants";
import { type ReactNode, useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "../../../components/icons/icons.tsx";
import { useMediaQuery } from "../../../lib/use-media-query.ts";
import { runWhenIdle } from "../../../lib/when-idle.ts";

/** Spec section 2: a 1152x300 image in a 1300x300 container, scaled down together on smaller screens. */
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
      className="relative mx-auto aspect-[1300/300] w-full max-w-[1300px]"
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
      <div
        className="absolute inset-y-0 overflow-hidden rounded-lg sm:rounded-2xl"
        style={{ left: SIDE_GUTTER, right: SIDE_GUTTER }}
      >
        <div
          id={trackId}
          aria-live={isRotating ? "off" : "polite"}
          className={`flex h-full ${prefersReducedMotion ? "" : "transition-transform duration-700 ease-in-out"}`}
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {assets.map((asset, position) => {
            const { image, clickDestinationUrl, altText } = asset.attributes;
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
                  )}
                </SlideLink>
              </div>
            );
          })}
        </div>
      </div>
      {slideCount > 1 && (
        <>
          <button
            type="button"
            aria-controls={trackId}
            aria-label="Previous slide"
            onClick={() => go(-1)}
            className={`${controlClass} absolute top-1/2 left-0 size-9 -translate-y-1/2 sm:size-11 md:left-1 lg:left-3`}
          >
            <ChevronLeftIcon className="size-5 sm:size-6" />
          </button>
          <button
            type="button"
            aria-controls={trackId}
            aria-label="Next slide"
            onClick={() => go(1)}
            className={`${controlClass} absolute top-1/2 right-0 size-9 -translate-y-1/2 sm:size-11 md:right-1 lg:right-3`}
          >
            <ChevronRightIcon className="size-5 sm:size-6" />
          </button>
          <div
            className="absolute bottom-1.5 flex items-center gap-1 sm:bottom-3"
            style={{ right: `calc(${SIDE_GUTTER} + 0.5rem)` }}
          >
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
                className="group/dot hidden size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white sm:flex"
              >
                <span
                  className={`block h-2 rounded-full shadow ring-1 ring-neutral-900/20 transition-all ${position === index ? "w-5 bg-white" : "w-2 bg-white/60 group-hover/dot:bg-white"}`}
                />
              </button>
            ))}
            <button
              type="button"
              aria-label={isStopped ? "Play slideshow" : "Pause slideshow"}
              onClick={() => setIsStopped((stopped) => !stopped)}
              className="ml-1 flex size-7 items-center justify-center rounded-full bg-neutral-950/55 text-white backdrop-blur transition hover:bg-neutral-950/80 focus-visible:outline-2 focus-visible:outline-white sm:size-8"
            >
              {isStopped ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
