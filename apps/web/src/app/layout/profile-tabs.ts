import { CLIENT_ROUTES } from "@threadfolk/contract/routes";

/**
 * The six tabs of the profile shell (spec section 2), in the spec's order. The desktop side navigation and
 * the mobile account menu both list these.
 */
export const PROFILE_TABS = [
  { label: "Sales", path: CLIENT_ROUTES.sellerOrders },
  { label: "My Designs", path: CLIENT_ROUTES.myDesigns },
  { label: "Orders", path: CLIENT_ROUTES.orders },
  { label: "Favorite Designs", path: CLIENT_ROUTES.favorites },
  { label: "Followed Artists", path: CLIENT_ROUTES.followedArtist },
  { label: "Product Designer", path: CLIENT_ROUTES.productUploadWizard },
] as const;
