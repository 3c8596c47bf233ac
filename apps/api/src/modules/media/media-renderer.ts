import type { ProductColor } from "@threadfolk/contract/colors";
import type { Placement } from "@threadfolk/contract/studio";
import type { Garment, ImagePreset, MockupVariant } from "./media-keys.ts";
import {
  type MockupSetOptions,
  mockupWorkingCopy,
  renderImageRendition,
  renderMockupImage,
  renderMockupSet,
} from "./render-design-mockups.ts";
import { renderLetterboxedSlide } from "./render-letterboxed-slide.ts";

export type MockupImageOptions = {
  artwork: Buffer;
  garment: Garment;
  color: ProductColor;
  width: number;
  variant: MockupVariant;
  brandName: string;
  /** The artist's placement on this garment; the default placement without one. */
  placement?: Placement;
  /** WebP (the site's pictures) unless said; JPEG for e-mails. */
  format?: "webp" | "jpeg";
};

/**
 * Who draws the pictures derived from uploads: mockups (one, or a design's whole set), the mockups' working
 * copy of a large artwork, and the avatar, banner and carousel renditions. The server's renderer runs them in
 * a heavy work child process under a time and memory limit (render-in-pool.ts, decision 064); `renderInProcess`
 * draws them in the calling process (the child itself, unit tests and the image benchmarks).
 */
export type MediaRenderer = {
  mockup(options: MockupImageOptions): Promise<Buffer>;
  mockupSet(options: MockupSetOptions): Promise<void>;
  workingCopy(artwork: Buffer): Promise<Buffer>;
  imageRendition(options: { source: Buffer; preset: ImagePreset; width: number }): Promise<Buffer>;
  letterboxedSlide(options: { source: Buffer; width: number }): Promise<Buffer>;
};

export const renderInProcess: MediaRenderer = {
  mockup: renderMockupImage,
  mockupSet: renderMockupSet,
  workingCopy: mockupWorkingCopy,
  imageRendition: renderImageRendition,
  letterboxedSlide: renderLetterboxedSlide,
};
