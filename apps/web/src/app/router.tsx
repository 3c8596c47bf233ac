import type { QueryClient } from "@tanstack/react-query";
import { CLIENT_ROUTES, STATIC_PAGES } from "@threadfolk/contract/routes";
import type { ComponentType } from "react";
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from "react-router";
import { PageSpinner } from "../components/spinner.tsx";
import { useCartCountFollowsIdentity } from "../features/cart/hooks/use-cart-count-follows-identity.ts";
import { useSessionLifecycle } from "../features/session/hooks/use-session-lifecycle.ts";
import { ErrorFallbackPage } from "./error/error-fallback-page.tsx";
import { ErrorPagePopularSection } from "./error/popular-section.tsx";
import { RootErrorBoundary } from "./error/root-error-boundary.tsx";
import { BareLayout } from "./layout/bare-layout.tsx";
import { MainLayout } from "./layout/main-layout.tsx";
import { LazyAuthModal, LazyCollectionsMenu } from "./lazy-overlays.tsx";
import { createPrefetchers, type PagePrefetcher } from "./prefetch-page-data.ts";

type PageModule = { default: ComponentType };

/**
 * A route whose page component is code-split and fetched when the route is first visited; `loader` starts
 * the page's API calls at the same time (it returns at once, without waiting for them).
 */
function page(path: string, load: () => Promise<PageModule>, loader?: PagePrefetcher): RouteObject {
  return { path, loader, lazy: async () => ({ Component: (await load()).default }) };
}

const STATIC_PAGE_MODULES: Record<(typeof STATIC_PAGES)[number]["path"], () => Promise<PageModule>> = {
  "/refund-policy": () => import("../pages/static/refund-policy-page.tsx"),
  "/intellectual-property-policy": () => import("../pages/static/intellectual-property-policy-page.tsx"),
  "/faq": () => import("../pages/static/faq-page.tsx"),
  "/terms": () => import("../pages/static/terms-page.tsx"),
  "/privacy-policy": () => import("../pages/static/privacy-policy-page.tsx"),
  "/about": () => import("../pages/static/about-page.tsx"),
  "/size-charts": () => import("../pages/static/size-charts-page.tsx"),
  "/seller-program": () => import("../pages/static/seller-program-page.tsx"),
};

function Root() {
  useSessionLifecycle();
  useCartCountFollowsIdentity();
  return (
    <RootErrorBoundary>
      <Outlet />
      <LazyAuthModal />
      <LazyCollectionsMenu />
      <ScrollRestoration />
    </RootErrorBoundary>
  );
}

/** Every route of spec section 2. Paths come from the contract so the server's 200/404 answer matches. */
function createRoutes(queryClient: QueryClient): RouteObject[] {
  const prefetchers = createPrefetchers(queryClient);
  return [
    {
      element: <Root />,
      // Errors outside rendering (a page chunk that fails to download) land here rather than in the boundary.
      errorElement: <ErrorFallbackPage popularSection={<ErrorPagePopularSection />} />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        {
          element: <MainLayout />,
          children: [
            page(CLIENT_ROUTES.home, () => import("../pages/home-page.tsx"), prefetchers.home),
            page(CLIENT_ROUTES.results, () => import("../pages/results-page.tsx"), prefetchers.results),
            page(CLIENT_ROUTES.design, () => import("../pages/design-page.tsx"), prefetchers.design),
            page(CLIENT_ROUTES.artist, () => import("../pages/artist-page.tsx"), prefetchers.artist),
            page(CLIENT_ROUTES.shoppingCart, () => import("../pages/shopping-cart-page.tsx")),
            {
              // The profile shell: its tabs around every profile page (spec section 2). Lazy like the pages in
              // it: a shopper's first download never carries it.
              lazy: async () => ({ Component: (await import("./layout/profile-layout.tsx")).ProfileLayout }),
              children: [
                page(CLIENT_ROUTES.sellerProfile, () => import("../pages/seller-profile-page.tsx")),
                page(CLIENT_ROUTES.sellerOrders, () => import("../pages/my-profile/seller-orders-page.tsx")),
                page(CLIENT_ROUTES.myDesigns, () => import("../pages/my-profile/my-designs-page.tsx")),
                page(CLIENT_ROUTES.orders, () => import("../pages/my-profile/orders-page.tsx")),
                page(CLIENT_ROUTES.order, () => import("../pages/my-profile/order-page.tsx")),
                page(CLIENT_ROUTES.favorites, () => import("../pages/my-profile/favorites-page.tsx")),
                page(CLIENT_ROUTES.followedArtist, () => import("../pages/my-profile/followed-artist-page.tsx")),
                page(
                  CLIENT_ROUTES.productUploadWizard,
                  () => import("../pages/my-profile/product-upload-wizard-page.tsx"),
                ),
                page(CLIENT_ROUTES.productEditor, () => import("../pages/my-profile/product-editor-page.tsx")),
              ],
            },
            page(CLIENT_ROUTES.guestOrder, () => import("../pages/guest-order-page.tsx")),
            page(CLIENT_ROUTES.resetPassword, () => import("../pages/reset-password-page.tsx")),
            page(CLIENT_ROUTES.confirmEmail, () => import("../pages/confirm-email-page.tsx")),
            ...STATIC_PAGES.map(({ path }) => page(path, STATIC_PAGE_MODULES[path])),
            page("*", () => import("../pages/not-found-page.tsx")),
          ],
        },
        {
          element: <BareLayout />,
          children: [
            page(CLIENT_ROUTES.orderShippingDetails, () => import("../pages/order-shipping-details-page.tsx")),
            page(CLIENT_ROUTES.orderPaymentDetails, () => import("../pages/order-payment-details-page.tsx")),
          ],
        },
      ],
    },
    {
      // The operators' console (issue 28): its own area with its own routes, outside the shop's root (no guest
      // session, no cart), fetched only when an /admin page is opened.
      path: "/admin/*",
      hydrateFallbackElement: <PageSpinner />,
      lazy: async () => ({ Component: (await import("../features/admin/admin-app.tsx")).AdminApp }),
    },
  ];
}
/** The app's router (browser history). */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
