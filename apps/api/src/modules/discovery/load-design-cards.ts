import type { DesignCard } from "@threadfolk/contract/discovery";
import type { AppContext } from "../../context.ts";
import { createImageUrlSigner } from "./image-urls.ts";
import { presentDesignCard } from "./presenters.ts";
import { findDesignCardRows } from "./queries.ts";

/**
 * Design cards for design ids, in their order (one query, URLs signed once per call). Listed designs only,
 * unless `includeUnlisted` (the artist's own studio).
 */
export async function loadDesignCards({
  context,
  designIds,
  includeUnlisted = false,
}: {
  context: Pick<AppContext, "db" | "config">;
  designIds: readonly string[];
  includeUnlisted?: boolean;
}): Promise<DesignCard[]> {
  const [rows, images] = await Promise.all([
    findDesignCardRows({ db: context.db, designIds, includeUnlisted }),
    createImageUrlSigner({ db: context.db, config: context.config }),
  ]);
  return rows.map((row) => presentDesignCard(row, images));
}
