import type { AppContext } from "../context.ts";

/** One step of the demo marketplace; steps run in order, once, on an empty database. */
export type SeedStep = {
  name: string;
  run(context: AppContext): Promise<void>;
};
