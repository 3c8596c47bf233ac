import { MERCHANDISING_LIMITS } from "@threadfolk/contract/merchandising";
import type { UploadFailureCode } from "@threadfolk/contract/studio";
import { UPLOAD_FAILURES } from "@threadfolk/contract/studio";
import { and, asc, eq, sql } from "drizzle-orm";
import type { MediaStorage } from "../../adapters/storage/storage.ts";
import { carouselAssets, carousels } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { imageSourceKey } from "../media/media-keys.ts";
import type { NormalisedUpload } from "../uploads/normalise-upload.ts";
import type { ChangeOptions, Executor } from "./merchandising-change.ts";

/**
 * The front-page carousel (issue 28, decision 076): slides from an uploaded picture with alt text and a link
 * into this site, their order, and how long each stays. A slide's picture is stored once under
 * `carousels/{slideId}.png` and never replaced (a new picture is a new slide), so its URLs never serve an old
 * picture; the media route draws its renditions (1152:300 for desktops, the letterboxed phone one) on request
 * in the heavy work pool. Changes drop this instance's cached home images at once; the carousel reply itself is
 * revalidated by browsers on every load (its entity tag).
 */

export const FRONT_PAGE = "front_page";

export type CarouselSlide = { id: number; position: number; altText: string; link: string; imageKey: string };
export type FrontPageCarousel = { id: number | null; slideSeconds: number; slides: CarouselSlide[] };

/** Checks and converts the uploaded bytes (the uploads module's `normaliseUpload`, in the heavy work pool). */
export type NormaliseSlide = (bytes: Buffer) => Promise<NormalisedUpload>;

const SLIDE_FAILURES: Partial<Record<UploadFailureCode, string>> = {
  unsupported_type: "This file is not a PNG, JPEG or WebP picture.",
};

export async function getFrontPageCarousel({ db }: { db: Executor }): Promise<FrontPageCarousel> {
  const [carousel] = await db.select().from(carousels).where(eq(carousels.locationCode, FRONT_PAGE));
  if (!carousel) return { id: null, slideSeconds: 5, slides: [] };
  const rows = await db
    .select()
    .from(carouselAssets)
    .where(eq(carouselAssets.carouselId, carousel.id))
    .orderBy(asc(carouselAssets.position), asc(carouselAssets.id));
  return {
    id: carousel.id,
    slideSeconds: Math.round(carousel.slideDelayInMs / 1000),
    slides: rows.map((row) => ({
      id: row.id,
      position: row.position,
      altText: row.altText,
      link: row.clickDestinationUrl,
      imageKey: row.imageKey,
    })),
  };
}

/** The front-page carousel's row, made when missing, and locked for the rest of the transaction. */
async function lockCarousel(tx: Executor): Promise<number> {
  await tx.insert(carousels).values({ locationCode: FRONT_PAGE }).onConflictDoNothing();
  const [carousel] = await tx
    .select({ id: carousels.id })
    .from(carousels)
    .where(eq(carousels.locationCode, FRONT_PAGE))
    .for("update");
  if (!carousel) throw new Error("the front_page carousel vanished");
  return carousel.id;
}

function snapshot(carousel: FrontPageCarousel) {
  return {
    slideSeconds: carousel.slideSeconds,
    slides: carousel.slides.map(({ id, altText, link }) => ({ id, altText, link })),
  };
}

/** One carousel change in a transaction, recorded as `carousel.update`; the cached home images let go. */
async function changeCarousel(
  options: ChangeOptions,
  change: (tx: Executor, carouselId: number, before: FrontPageCarousel) => Promise<void>,
): Promise<FrontPageCarousel> {
  const { db, record } = options;
  const after = await db.transaction(async (tx) => {
    const carouselId = await lockCarousel(tx);
    const before = await getFrontPageCarousel({ db: tx });
    await change(tx, carouselId, before);
    const updated = await getFrontPageCarousel({ db: tx });
    await record?.(tx, {
      action: "carousel.update",
      subjectType: "carousel",
      subjectId: FRONT_PAGE,
      before: snapshot(before),
      after: snapshot(updated),
    });
    return updated;
  });
  bumpCatalogueGeneration();
  return after;
}

/**
 * Adds a slide at the end: the picture is checked and normalised (type sniffed from the bytes, decompression
 * bombs refused, sRGB without metadata) before anything is stored; it must be at least 1152x300.
 */
export async function addCarouselSlide(
  options: ChangeOptions & {
    storage: MediaStorage;
    normalise: NormaliseSlide;
    image: Buffer;
    altText: string;
    link: string;
  },
): Promise<FrontPageCarousel> {
  const { db, storage, image } = options;
  if (image.length > MERCHANDISING_LIMITS.slideMaxBytes) {
    throw new AppError("payload_too_large", "The picture is larger than 8 MB");
  }
  const normalised = await options.normalise(image);
  if (!normalised.ok) {
    const message = SLIDE_FAILURES[normalised.code] ?? UPLOAD_FAILURES[normalised.code];
    throw new AppError(
      normalised.code === "unsupported_type" ? "unsupported_media_type" : "validation_failed",
      message,
      [{ field: "image_base64", message }],
    );
  }
  if (normalised.detectedType === "svg") {
    const message = SLIDE_FAILURES.unsupported_type ?? "";
    throw new AppError("unsupported_media_type", message, [{ field: "image_base64", message }]);
  }
  if (
    normalised.width < MERCHANDISING_LIMITS.slideMinWidth ||
    normalised.height < MERCHANDISING_LIMITS.slideMinHeight
  ) {
    const message = `A slide needs at least ${MERCHANDISING_LIMITS.slideMinWidth}x${MERCHANDISING_LIMITS.slideMinHeight} pixels (this one is ${normalised.width}x${normalised.height})`;
    throw new AppError("validation_failed", message, [{ field: "image_base64", message }]);
  }
  // The key holds the slide's id, so the id is taken before the picture is stored, and the picture stored
  // before the row that shows it is committed: a slide never points at a picture that is not there.
  const reserved = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('carousel_assets', 'id'))::int as id`,
  )) as unknown as { rows: Array<{ id: number }> };
  const slideId = Number(reserved.rows[0]?.id);
  const imageKey = imageSourceKey("carousel", String(slideId));
  await storage.put(imageKey, normalised.png, "image/png");
  return changeCarousel(options, async (tx, carouselId, before) => {
    if (before.slides.length >= MERCHANDISING_LIMITS.slidesMax) {
      throw AppError.conflict(`The carousel holds at most ${MERCHANDISING_LIMITS.slidesMax} slides: remove one first`);
    }
    const position = Math.max(0, ...before.slides.map((slide) => slide.position)) + 1;
    await tx.insert(carouselAssets).values({
      id: slideId,
      carouselId,
      position,
      imageKey,
      clickDestinationUrl: options.link,
      altText: options.altText,
    });
  });
}

async function requireSlide(tx: Executor, carouselId: number, slideId: number): Promise<void> {
  const [slide] = await tx
    .select({ id: carouselAssets.id })
    .from(carouselAssets)
    .where(and(eq(carouselAssets.id, slideId), eq(carouselAssets.carouselId, carouselId)));
  if (!slide) throw AppError.notFound("Slide");
}

export async function updateCarouselSlide(
  options: ChangeOptions & { slideId: number; altText: string; link: string },
): Promise<FrontPageCarousel> {
  return changeCarousel(options, async (tx, carouselId) => {
    await requireSlide(tx, carouselId, options.slideId);
    await tx
      .update(carouselAssets)
      .set({ altText: options.altText, clickDestinationUrl: options.link })
      .where(eq(carouselAssets.id, options.slideId));
  });
}

/**
 * Removes a slide. Its stored picture stays (a few hundred kilobytes): a home page loaded a moment before still
 * shows it rather than a broken image.
 */
export async function removeCarouselSlide(options: ChangeOptions & { slideId: number }): Promise<FrontPageCarousel> {
  return changeCarousel(options, async (tx, carouselId) => {
    await requireSlide(tx, carouselId, options.slideId);
    await tx.delete(carouselAssets).where(eq(carouselAssets.id, options.slideId));
  });
}

/** Puts the slides in the given order: the same slides, each once (409 otherwise). */
export async function reorderCarouselSlides(
  options: ChangeOptions & { slideIds: number[] },
): Promise<FrontPageCarousel> {
  return changeCarousel(options, async (tx, _carouselId, before) => {
    const current = before.slides.map((slide) => slide.id);
    const wanted = options.slideIds;
    const same =
      wanted.length === current.length &&
      new Set(wanted).size === wanted.length &&
      wanted.every((id) => current.includes(id));
    if (!same) throw AppError.conflict("The carousel changed meanwhile: reload it and try again");
    for (const [index, slideId] of wanted.entries()) {
      await tx
        .update(carouselAssets)
        .set({ position: index + 1 })
        .where(eq(carouselAssets.id, slideId));
    }
  });
}

/** How long each slide stays, in whole seconds. */
export async function setSlideTiming(options: ChangeOptions & { slideSeconds: number }): Promise<FrontPageCarousel> {
  const { slideSeconds } = options;
  if (
    !Number.isInteger(slideSeconds) ||
    slideSeconds < MERCHANDISING_LIMITS.slideSecondsMin ||
    slideSeconds > MERCHANDISING_LIMITS.slideSecondsMax
  ) {
    throw new AppError("validation_failed", "The slide time is out of range", [
      {
        field: "slide_seconds",
        message: `Between ${MERCHANDISING_LIMITS.slideSecondsMin} and ${MERCHANDISING_LIMITS.slideSecondsMax} seconds`,
      },
    ]);
  }
  return changeCarousel(options, async (tx, carouselId) => {
    await tx
      .update(carousels)
      .set({ slideDelayInMs: slideSeconds * 1000 })
      .where(eq(carousels.id, carouselId));
  });
}
