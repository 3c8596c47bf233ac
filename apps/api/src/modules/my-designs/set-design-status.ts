import type { MyDesignResponse } from "@threadfolk/contract/studio-sales";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Actor, authorize } from "../../lib/authorize.ts";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { presentMyDesigns } from "./list-my-designs.ts";
import { myDesignPolicies } from "./policies.ts";
import { findDesignOwner, updateDesignStatus } from "./queries.ts";

/**
 * Deactivates or reactivates one of the artist's designs (the spec's deactivation call, payload uuid). A
 * deactivated design leaves every public listing at once, because each of them reads `isListedDesign`
 * (search, the storefront and its collections, the sitemap, design pages, new cart lines; carts holding it
 * show its lines as unavailable); the home page's cached payload lets go within DISCOVERY_CACHE_SECONDS.
 * Placed orders keep their lines. Idempotent: deactivating a deactivated design changes nothing.
 */
export async function setDesignStatus({
  context,
  actor,
  designId,
  status,
}: {
  context: Pick<AppContext, "db" | "config">;
  actor: Actor | undefined;
  designId: string;
  status: "active" | "deactivated";
}): Promise<MyDesignResponse> {
  const { db } = context;
  const rule = status === "active" ? myDesignPolicies.reactivateDesign : myDesignPolicies.deactivateDesign;
  authorize(actor, rule);
  const design = await findDesignOwner({ db, designId });
  authorize(actor, rule, design);
  // A design an operator took down stays down whatever its artist does (issue 28): only an operator restores it.
  if (design.takenDownAt) {
    throw AppError.conflict(
      `This design was taken down by our moderators and cannot be changed here. Write to ${context.config.SUPPORT_EMAIL} to appeal.`,
    );
  }
  await updateDesignStatus({ db, designId: design.id, status });
  // This instance's cached search pages and home payload let go of it at once (decision 047).
  bumpCatalogueGeneration();
  const entry = (await presentMyDesigns({ context, designIds: [design.id] })).get(design.id);
  if (!entry) throw new Error(`design ${design.id} vanished while its status changed`);
  return { data: entry };
}
