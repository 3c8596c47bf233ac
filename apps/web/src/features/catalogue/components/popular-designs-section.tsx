import type { ReactNode } from "react";
import type { HeartClickHandler } from "../../../components/design-card.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useIsDesktop } from "../../../lib/use-media-query.ts";
import { pickHomeCollection, useHomeCollections } from "../api/get-home-collections.ts";
import { HomeSection } from "./home-section.tsx";

/**
 * The popular collection's cards (the error fallback page's popular section). Shows `fallback` instead when
 * they cannot be loaded: that page must render even when the API is down.
 */
export function PopularDesignsSection({
  fallback,
  onHeartClick,
}: {
  fallback: ReactNode;
  /** What a card's heart does (the app decides: sign in, or the collections menu). */
  onHeartClick?: HeartClickHandler;
}) {
  const isDesktop = useIsDesktop();
  // No retry: a visitor who already met an error should not wait for a second failure.
  const collections = useHomeCollections({ retry: false });
  const popular = pickHomeCollection(collections.data, "popular");
  if (collections.isPending) return <Spinner label="Loading popular designs" className="mt-14 min-h-60" />;
  if (!popular || popular.attributes.homePagePreview.length === 0) return fallback;
  return (
    <HomeSection
      nameKey="popular"
      collection={popular}
      layout={isDesktop ? "desktop" : "mobile"}
      onHeartClick={onHeartClick}
    />
  );
}
