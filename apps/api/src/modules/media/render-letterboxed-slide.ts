import sharp from "sharp";
import { IMAGE_PRESETS } from "./media-keys.ts";

/**
 * A phone rendition of a slide that has no phone source of its own (stored before phone renditions existed, or
 * uploaded without one): the desktop slide whole, across the full width, on a blurred, darkened enlargement of
 * itself that fills the taller frame. Nothing is cropped, so no lettering is cut; the slide's own phone source,
 * when it exists, is always preferred (decision 044).
 */
export async function renderLetterboxedSlide(options: { source: Buffer; width: number }): Promise<Buffer> {
  const { source, width } = options;
  const height = Math.round(width / IMAGE_PRESETS.carouselPhone.aspect);
  const [backdrop, foreground] = await Promise.all([
    sharp(source)
      .resize(width, height, { fit: "cover", position: "centre" })
      .blur(Math.max(1, width / 40))
      .linear(0.5, 0)
      .toBuffer(),
    sharp(source).resize({ width, height, fit: "inside" }).toBuffer({ resolveWithObject: true }),
  ]);
  const top = Math.max(0, Math.round((height - foreground.info.height) / 2));
  return sharp(backdrop)
    .composite([{ input: foreground.data, left: 0, top }])
    .webp({ quality: 82, effort: 3 })
    .toBuffer();
}
