import sharp from "sharp";
import { PHONE_SLIDE, slidePhoneSvg } from "./artwork/profile-art.ts";
import { renderPng } from "./artwork/render.ts";
import { type PlannedDesign, type PlannedSlide, plannedArtworkSvg } from "./demo-catalogue-plan.ts";

/**
 * A slide's phone rendition (PHONE_SLIDE, 3:2): its text laid out for a phone and its first two artworks in the
 * right-hand column. `seed` is the desktop slide's, so both share their backdrop. Stored as the slide's
 * `carouselPhone` source, which the media route resizes to the phone widths (decision 044).
 */
export async function renderPhoneSlide(options: {
  slide: PlannedSlide;
  seed: string;
  designs: readonly Pick<PlannedDesign, "artwork">[];
}): Promise<Buffer> {
  const { slide, seed, designs } = options;
  const placed = PHONE_SLIDE.artworks.slice(0, designs.length);
  const artworks = await Promise.all(
    placed.map((place, index) =>
      plannedArtworkSvg(designs[index] as Pick<PlannedDesign, "artwork">, place.width).then(renderPng),
    ),
  );
  return sharp(Buffer.from(slidePhoneSvg({ ...slide, seed })))
    .composite(
      artworks.map((input, index) => ({ input, left: placed[index]?.left ?? 0, top: placed[index]?.top ?? 0 })),
    )
    .png()
    .toBuffer();
}
