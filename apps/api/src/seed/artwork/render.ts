import sharp from "sharp";

/** Renders an SVG document to PNG at its own width and height (fast zlib settings: seed time matters). */
export async function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

/**
 * Runs `task` over `items` with at most `concurrency` in flight, keeping result order. sharp renders on
 * libuv's thread pool, so a few tasks in flight keep every core busy without flooding memory.
 */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  });
  await Promise.all(workers);
  return results;
}
