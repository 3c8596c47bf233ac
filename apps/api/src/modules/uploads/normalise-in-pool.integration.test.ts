import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { coveringSquares, useBomb } from "../../../test/hostile-svgs.ts";
import { discPicture } from "../../../test/pictures.ts";
import { createHeavyPool, type HeavyPool } from "../../lib/heavy-pool.ts";
import { normaliseInPool } from "./process-upload.ts";

/**
 * The upload checks in the heavy work pool (decision 056): real child processes, real limits. A file that
 * passes the SVG limits but keeps the rasteriser busy past the time limit, or a picture whose decoding passes
 * the memory limit, is `too_complex`; the pool goes on with a fresh child.
 */

const pools: HeavyPool[] = [];
afterEach(async () => {
  while (pools.length > 0) await pools.pop()?.close();
});

function pool(limits: { timeLimitMs: number; memoryLimitMb: number }): HeavyPool {
  const created = createHeavyPool({ size: 1, ...limits });
  pools.push(created);
  return created;
}

const artwork = "artwork" as const;

describe("normaliseInPool", () => {
  it("normalises a picture in a child process and hands back the PNG", async () => {
    const normalise = normaliseInPool(pool({ timeLimitMs: 60_000, memoryLimitMb: 1536 }));
    const result = await normalise(await discPicture(800, 600), artwork);
    expect(result).toMatchObject({ ok: true, detectedType: "png", width: 800, height: 600 });
    if (result.ok) expect(Buffer.isBuffer(result.png)).toBe(true);
    // Refused by the SVG limits before rasterising: no limit is needed for it.
    expect(await normalise(Buffer.from(useBomb({ levels: 9, fanout: 9 })), artwork)).toEqual({
      ok: false,
      detectedType: "svg",
      code: "too_complex",
    });
  });

  it("stops an SVG that draws past the time limit, calls it too complex, and carries on with a new child", async () => {
    const normalise = normaliseInPool(pool({ timeLimitMs: 1_500, memoryLimitMb: 1536 }));
    // 2,000 squares covering the picture pass SVG_LIMITS but take librsvg a minute at 4500 px.
    expect(await normalise(Buffer.from(coveringSquares(2_000)), artwork)).toEqual({
      ok: false,
      detectedType: "svg",
      code: "too_complex",
    });
    expect(await normalise(await discPicture(600, 600), artwork)).toMatchObject({ ok: true, width: 600 });
  });

  it("stops a decode past the memory limit", async () => {
    // A child starts at about 120 MB; 7000 x 7000 RGBA is 196 MB decoded. The file itself is small.
    const normalise = normaliseInPool(pool({ timeLimitMs: 120_000, memoryLimitMb: 256 }));
    const large = await sharp({ create: { width: 7_000, height: 7_000, channels: 4, background: "#c33" } })
      .png()
      .toBuffer();
    expect(await normalise(large, artwork)).toEqual({
      ok: false,
      detectedType: "png",
      code: "too_complex",
    });
  });
});
