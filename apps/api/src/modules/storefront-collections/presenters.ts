import type { StorefrontCollection } from "@threadfolk/contract/studio-sales";
import type { CollectionWithDesigns } from "./queries.ts";

export function presentStorefrontCollection(collection: CollectionWithDesigns): StorefrontCollection {
  return {
    id: collection.id,
    type: "storefrontCollection",
    attributes: { name: collection.name, position: collection.position, designUuids: collection.designIds },
  };
}
