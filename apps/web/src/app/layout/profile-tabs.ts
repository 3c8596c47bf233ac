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

/** The studio's tabs: an artist's alone (a customer has no sales, designs or designer to open). */
const STUDIO_PATHS: ReadonlySet<string> = new Set([
  CLIENT_ROUTES.sellerOrders,
  CLIENT_ROUTES.myDesigns,
  CLIENT_ROUTES.productUploadWizard,
]);

/** Where an artist changes their storefront, and where a customer opens one. */
export const STOREFRONT_SETTINGS_TAB: ProfileTab = { label: "Storefront", path: CLIENT_ROUTES.sellerProfile };
export const OPEN_STOREFRONT_TAB: ProfileTab = { label: "Open a Storefront", path: CLIENT_ROUTES.sellerProfile };

/**
 * The tabs for this visitor: the spec's six for an artist (and while it is not known yet: the spec's list),
 * without the studio's three and with 'Open a Storefront' for a customer who has no storefront.
 */
export function profileTabsFor(hasStorefront: boolean | undefined): ProfileTab[] {
  if (hasStorefront === false) {
    return [...PROFILE_TABS.filter((tab) => !STUDIO_PATHS.has(tab.path)), OPEN_STOREFRONT_TAB];
  }
  return [...PROFILE_TABS];
}
