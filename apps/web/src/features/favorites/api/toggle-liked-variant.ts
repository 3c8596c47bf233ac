import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { ToggleLikedVariantResponse } from "@threadfolk/contract/favorites";
import { trackEvent } from "../../../lib/analytics.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { LOCAL_KEYS, writeLocalList } from "../../../lib/storage.ts";
import { toast } from "../../../lib/toast.ts";
import { favoritesKeys } from "./query-keys.ts";

type ToggleLikedVariantInput = {
  /** Null: the customer's default collection (the server makes 'Favorites' when they have none). */
  collectionId: number | null;
  variantId: number;
  /** The design, for the analytics event. */
  designUuid: string;
};

/** `POST /api/v1/liked_seller_design_product_variants`: adds the variant to the collection, or removes it. */
function toggleLikedVariant(input: ToggleLikedVariantInput): Promise<ToggleLikedVariantResponse> {
  return apiRequest<ToggleLikedVariantResponse>(apiPath(API.toggleLikedVariant), {
    method: "POST",
    body: {
      likedSellerDesignProductVariant: {
        customerProfileDesignCollectionId: input.collectionId,
        sellerDesignProductVariantId: input.variantId,
      },
    },
  });
}

/** The toast of a toggle (spec section 8, 'Removed … to …' corrected to 'from'). */
export function toggleToastText(response: ToggleLikedVariantResponse): string {
  return response.addedOrRemoved === "added"
    ? `Added ${response.sellerDesignName} to ${response.collectionName} ❤️`
    : `Removed ${response.sellerDesignName} from ${response.collectionName} 😢`;
}

/**
 * Toggles a design in a collection (spec section 4, favouriting): on success the collections refetch, the
 * stored favoriteDesignUuids are replaced with the server's (which flips the card's heart), a toast says what
 * happened and 'Favorited Design' or 'Unfavorited Design' is recorded. Errors get the general toast.
 */
export function useToggleLikedVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleLikedVariant,
    onSuccess: (response, input) => {
      writeLocalList(LOCAL_KEYS.favoriteDesignUuids, response.favoriteDesignUuids);
      const added = response.addedOrRemoved === "added";
      if (added) toast.success(toggleToastText(response));
      else toast.warning(toggleToastText(response));
      trackEvent(added ? "Favorited Design" : "Unfavorited Design", "Design Discovery", {
        designUuid: input.designUuid,
        sellerDesignProductVariantId: input.variantId,
        customerProfileDesignCollectionId: response.customerProfileDesignCollectionId,
      });
      return queryClient.invalidateQueries({ queryKey: favoritesKeys.all });
    },
  });
}
