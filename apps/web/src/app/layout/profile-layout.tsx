import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { useSignedIn } from "../../features/session/hooks/use-signed-in.ts";
import { useSellerProfile } from "../../features/studio/api/get-seller-profile.ts";
import { SuspensionBanner } from "../../features/studio/components/suspension-banner.tsx";
import { profileTabsFor } from "./profile-tabs.ts";

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex h-11 items-center rounded-xl px-4 text-[15px] transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
    isActive
      ? "bg-neutral-950 font-semibold text-white"
      : "font-medium text-neutral-700 hover:bg-neutral-100 hover:text-neutral-950"
  }`;

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex h-10 shrink-0 items-center rounded-full px-4 text-sm whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
    isActive ? "bg-neutral-950 font-semibold text-white" : "bg-neutral-100 font-medium text-neutral-800"
  }`;

/**
 * The profile shell (`/seller-profile`, `/my-profile/*`): the six tabs of spec section 2 as a side navigation
 * on desktop and as a scrolling row on phones (where the account menu lists them too), then the tab's page.
 * An artist also gets their storefront's settings; a customer without a storefront gets 'Open a Storefront'
 * (and the studio's tabs offer the same).
 */
export function ProfileLayout() {
  const { pathname } = useLocation();
  const mobileTabs = useRef<HTMLUListElement>(null);
  const storefront = useSellerProfile({ enabled: useSignedIn() });
  const hasStorefront = storefront.data === undefined ? undefined : storefront.data !== null;
  const tabs = profileTabsFor(hasStorefront);

  // Bring the current tab into the phone's scrolling row (sideways only: the page must not jump), also once the
  // studio's tabs have arrived.
  const currentTab = tabs.find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`))?.path;
  useEffect(() => {
    const row = mobileTabs.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || currentTab === undefined) return;
    const rowBox = row.getBoundingClientRect();
    const tabBox = current.getBoundingClientRect();
    row.scrollLeft += tabBox.left - rowBox.left - (rowBox.width - tabBox.width) / 2;
  }, [currentTab]);

  return (
    <div className="md:grid md:grid-cols-[14rem_minmax(0,1fr)] md:gap-4 md:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:px-10">
      <nav aria-label="Profile" className="md:sticky md:top-24 md:self-start">
        <p className="hidden px-4 pt-14 pb-3 text-xs font-bold tracking-[0.16em] text-brand uppercase md:block">
          My Profile
        </p>
        <ul ref={mobileTabs} className="flex gap-2 overflow-x-auto px-4 pt-4 pb-1 [scrollbar-width:none] md:hidden">
          {tabs.map((tab) => (
            <li key={tab.path}>
              <NavLink to={tab.path} className={mobileLinkClass}>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <ul className="hidden space-y-1 md:block">
          {tabs.map((tab) => (
            <li key={tab.path}>
              <NavLink to={tab.path} className={desktopLinkClass}>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        {storefront.data && <SuspensionBanner storefront={storefront.data} />}
        <Outlet />
      </div>
    </div>
  );
}
