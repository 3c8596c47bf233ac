import { CLIENT_ROUTES } from "@threadfolk/contract/routes";

export type ProfileTab = { label: string; path: string };

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

/** Where an artist changes their storefront, and where a customer opens one. */
export const STOREFRONT_SETTINGS_TAB: ProfileTab = { label: "Storefront", path: CLIENT_ROUTES.sellerProfile };
export const OPEN_STOREFRONT_TAB: ProfileTab = { label: "Open a Storefront", path: CLIENT_ROUTES.sellerProfile };

/**
 * The profile shell's tabs for this visitor: the spec's six for everyone (a customer's studio tabs offer to open
 * a storefront), then the storefront's settings for an artist or 'Open a Storefront' for a customer without
 * one (nothing more while it is not known yet). The mobile account menu lists the spec's six alone.
 */
export function profileTabsFor(hasStorefront: boolean | undefined): ProfileTab[] {
  if (hasStorefront === undefined) return [...PROFILE_TABS];
  return [...PROFILE_TABS, hasStorefront ? STOREFRONT_SETTINGS_TAB : OPEN_STOREFRONT_TAB];
}
