import fs from "node:fs/promises";
import path from "node:path";
import type { Box } from "@threadfolk/contract/studio";
import type { HeavyPool } from "../../lib/heavy-pool.ts";
import { asBuffer, withInputFile } from "../media/render-in-pool.ts";
import { type PackingSlip, renderPackingSlip } from "./packing-slip.ts";
import { type PrintFileOutcome, type PrintFileSpec, renderPrintFile } from "./render-print-file.ts";

/** What the child's `render_print_file` task answers: the file itself is written to its `outputPath`. */
export type PrintFileTaskResult = { ok: true; box: Box } | { ok: false; reason: string };

/**
 * Who makes an order's production files: the print files and the packing slip. The job's renderer runs them
 * in the heavy work pool's child process under its time and memory limit (`renderPrintFilesInPool`, as
 * decision 064 does for pictures); `renderPrintFilesInProcess` makes them in the calling process (the child
 * itself, unit tests).
 */
export type PrintFileRenderer = {
  printFile(artwork: Buffer, spec: PrintFileSpec): Promise<PrintFileOutcome>;
  packingSlip(slip: PackingSlip): Promise<Buffer>;
};

export const renderPrintFilesInProcess: PrintFileRenderer = {
  printFile: renderPrintFile,
  packingSlip: renderPackingSlip,
};

/**
 * The print files in a child process of `pool`: the artwork goes as a file and the print file (megabytes)
 * comes back as one; the packing slip (tens of kilobytes) over the IPC channel. A task past a limit rejects
 * with HeavyWorkLimitError.
 */
export function renderPrintFilesInPool(pool: HeavyPool): PrintFileRenderer {
  return {
    printFile: (artwork, spec) =>
      withInputFile(artwork, async (artworkPath, folder) => {
        const outputPath = path.join(folder, "print-file.png");
        const outcome = await pool.run<PrintFileTaskResult>("render_print_file", { artworkPath, outputPath, spec });
        if (!outcome.ok) return outcome;
        return { ok: true, box: outcome.box, png: await fs.readFile(outputPath) };
      }),
    packingSlip: async (slip) => asBuffer(await pool.run("render_packing_slip", { slip })),
  };
}
