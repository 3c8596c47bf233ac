import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { HeavyPool } from "../../lib/heavy-pool.ts";
import type { MediaRenderer } from "./media-renderer.ts";
import type { RenderedMockupPair } from "./render-design-mockups.ts";

/** What crosses the IPC channel as a Buffer may arrive as a plain Uint8Array: a Buffer over the same bytes. */
export function asBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new Error("the heavy work process answered something that is not a picture");
}

/**
 * Runs `work` with the input written to a file of a fresh temporary folder, removed afterwards: an artwork of
 * megabytes would be serialised on this thread to cross the IPC channel, a file is written off it.
 */
export async function withInputFile<T>(
  input: Buffer,
  work: (inputPath: string, folder: string) => Promise<T>,
): Promise<T> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "threadfolk-render-"));
  try {
    const inputPath = path.join(folder, "input");
    await fs.writeFile(inputPath, input);
    return await work(inputPath, folder);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/**
 * The server's renderer (decision 064): every picture is drawn in a child process of `pool`, under its time
 * and memory limit, so no compositing, watermarking or encoding runs on this process's event loop. Sources go
 * to the child as files; the WebP results (tens of kilobytes) come back over the IPC channel. A task past a
 * limit rejects with HeavyWorkLimitError (permanent: the job worker does not retry it).
 */
export function renderInPool(pool: HeavyPool): MediaRenderer {
  return {
    mockup: ({ artwork, ...rest }) =>
      withInputFile(artwork, async (artworkPath) =>
        asBuffer(await pool.run("render_mockup", { artworkPath, ...rest })),
      ),
    mockupSet: ({ artwork, onRendered, ...rest }) =>
      withInputFile(artwork, async (artworkPath) => {
        await pool.run(
          "render_mockup_set",
          { artworkPath, ...rest },
          {
            onPartial: (value) => {
              const pair = value as RenderedMockupPair;
              return onRendered({ ...pair, plain: asBuffer(pair.plain), watermarked: asBuffer(pair.watermarked) });
            },
          },
        );
      }),
    workingCopy: (artwork) =>
      withInputFile(artwork, async (inputPath, folder) => {
        const outputPath = path.join(folder, "output.png");
        const copied = await pool.run<boolean>("mockup_working_copy", { inputPath, outputPath });
        return copied ? fs.readFile(outputPath) : artwork;
      }),
    imageRendition: ({ source, ...rest }) =>
      withInputFile(source, async (sourcePath) =>
        asBuffer(await pool.run("render_image_rendition", { sourcePath, ...rest })),
      ),
    letterboxedSlide: ({ source, ...rest }) =>
      withInputFile(source, async (sourcePath) =>
        asBuffer(await pool.run("render_letterboxed_slide", { sourcePath, ...rest })),
      ),
  };
}
