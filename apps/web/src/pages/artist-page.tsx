import type { ArtistStorefrontResponse } from "@threadfolk/contract/discovery-constants";
import { useEffect } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { FollowArtistButton } from "../app/follow-artist-button.tsx";
import { useDesignCardHeart } from "../app/use-design-card-heart.ts";
import { DesignGrid } from "../components/design-grid.tsx";
import { Pagination } from "../components/pagination.tsx";
import { Spinner } from "../components/spinner.tsx";
import { useArtist } from "../features/catalogue/api/get-artist.ts";
import { NotFoundState } from "../features/catalogue/components/not-found-state.tsx";
import { isApiError } from "../lib/api-client.ts";
import { artistPath, parsePageParam } from "../lib/catalogue-paths.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import { useIsDesktop } from "../lib/use-media-query.ts";

function countText(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

function ArtistHeader({ storefront }: { storefront: ArtistStorefrontResponse }) {
  const { displayName, uniqueUsername, bio, avatar, banner, designCount, followerCount } = storefront.data.attributes;
  return (
    <header>
      <div className="relative aspect-[3/1] overflow-hidden bg-gradient-to-br from-brand/80 via-rose-400 to-amber-300 md:aspect-[4/1] lg:mx-10 lg:mt-6 lg:rounded-3xl">
        {banner && (
          <img
            src={banner.src}
            srcSet={banner.srcSet}
            sizes="(min-width: 1440px) 1360px, 100vw"
            width={banner.width}
            height={banner.height}
            alt=""
            fetchPriority="high"
            className="h-full w-full object-cover"
          />
        )}
      </div>
      <div className="px-4 md:px-10 lg:px-16">
        <div className="flex flex-col gap-3 md:flex-row md:items-end md:gap-6">
          {avatar ? (
            <img
              src={avatar.src}
              srcSet={avatar.srcSet}
              sizes="(min-width: 768px) 128px, 96px"
              width={128}
              height={128}
              alt=""
              className="relative -mt-12 size-24 shrink-0 rounded-full bg-neutral-100 object-cover ring-4 ring-white md:-mt-16 md:size-32"
            />
          ) : (
            <span
              aria-hidden="true"
              className="relative -mt-12 flex size-24 shrink-0 items-center justify-center rounded-full bg-neutral-900 font-display text-4xl font-extrabold text-white ring-4 ring-white md:-mt-16 md:size-32"
            >
              {displayName.charAt(0)}
            </span>
          )}
          <div className="min-w-0 pb-1 md:pt-4">
            <h1 className="font-display text-3xl font-extrabold tracking-tight text-neutral-950 md:text-[40px] md:leading-tight">
              {displayName}
            </h1>
            <p className="mt-1 text-neutral-600">
              <span className="font-medium text-neutral-800">@{uniqueUsername}</span>
              <span aria-hidden="true"> · </span>
              <span>{countText(designCount, "design", "designs")}</span>
              <span aria-hidden="true"> · </span>
              <span>{countText(followerCount, "follower", "followers")}</span>
            </p>
          </div>
          <FollowArtistButton
            artist={storefront.data.attributes}
            className="self-start md:mb-2 md:ml-auto md:self-end"
          />
        </div>
        {bio && <p className="mt-4 max-w-3xl text-[17px] leading-relaxed text-neutral-700">{bio}</p>}
      </div>
    </header>
  );
}

/** Seller storefront `/artist/{username}/{artistUuid}?page=N`: banner, avatar, name, bio, counts and designs. */
export default function ArtistPage() {
  const { username = "", artistUuid = "" } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const onHeartClick = useDesignCardHeart();
  const pageParam = searchParams.get("page");
  const page = parsePageParam(pageParam) ?? 1;
  const storefront = useArtist({ artistKey: artistUuid || username, page });
  const artist = storefront.data?.data.attributes;
  useDocumentTitle(artist ? `${artist.displayName}'s shop` : storefront.isError ? "Artist not found" : undefined);

  // A mistyped page number goes to the first page; an old username in the link is replaced by the current one.
  const canonicalPath = artist ? artistPath({ uniqueUsername: artist.uniqueUsername, uuid: artist.uuid }) : undefined;
  useEffect(() => {
    const isBadPage = pageParam !== null && parsePageParam(pageParam) === undefined;
    const isStalePath = canonicalPath !== undefined && canonicalPath !== window.location.pathname;
    if (isBadPage || isStalePath) {
      const path = canonicalPath ?? window.location.pathname;
      void navigate(isBadPage ? path : `${path}${window.location.search}`, { replace: true });
    }
  }, [pageParam, canonicalPath, navigate]);

  if (storefront.isPending) return <Spinner label="Loading the shop" className="min-h-dvh w-full" />;
  if (storefront.isError) {
    if (isApiError(storefront.error, 410)) {
      return (
        <NotFoundState title="Shop not available" code={null}>
          <p className="mt-4 text-lg text-neutral-700">
            This shop is not available at the moment. Plenty of other artists are waiting to be discovered.
          </p>
        </NotFoundState>
      );
    }
    if (isApiError(storefront.error, 404)) {
      return (
        <NotFoundState title="Artist not found">
          <p className="mt-4 text-lg text-neutral-700">
            This shop has closed, or the link is mistyped. Plenty of other artists are waiting to be discovered.
          </p>
        </NotFoundState>
      );
    }
    return (
      <div role="alert" className="px-5 py-16 text-neutral-700 md:px-10">
        This shop could not be loaded just now. Please try again in a moment.
      </div>
    );
  }

  const { designs, meta } = storefront.data;
  const path = canonicalPath ?? window.location.pathname;
  // The storefront's collections (issue 14): sections of live designs, in the artist's order; empty ones hidden.
  const sections = storefront.data.collections.filter((section) => section.designs.length > 0);
  return (
    <div className="pb-16">
      <ArtistHeader storefront={storefront.data} />
      {page === 1 &&
        sections.map((section) => (
          <section
            key={section.id}
            aria-labelledby={`collection-${section.id}`}
            className={isDesktop ? "mt-12 px-6 lg:px-10" : "mt-10 px-2.5"}
          >
            <h2
              id={`collection-${section.id}`}
              className="mb-5 font-display text-2xl font-extrabold tracking-tight text-neutral-950"
            >
              {section.name}
            </h2>
            <DesignGrid
              cards={section.designs}
              layout={isDesktop ? "desktop" : "mobile"}
              onHeartClick={onHeartClick}
              label={section.name}
            />
          </section>
        ))}
      <section aria-labelledby="artist-designs" className={isDesktop ? "mt-12 px-6 lg:px-10" : "mt-10 px-2.5"}>
        <h2 id="artist-designs" className="mb-5 font-display text-2xl font-extrabold tracking-tight text-neutral-950">
          {sections.length > 0 ? "All designs" : "Designs"}
        </h2>
        {designs.length === 0 ? (
          <p className="text-neutral-700">
            {meta.totalCount === 0 ? "No designs here yet." : `There is no page ${page}.`}
          </p>
        ) : (
          <div className={storefront.isPlaceholderData ? "opacity-60 transition-opacity" : "transition-opacity"}>
            <DesignGrid
              cards={designs}
              layout={isDesktop ? "desktop" : "mobile"}
              priorityCount={0}
              onHeartClick={onHeartClick}
              label={`Designs by ${artist?.displayName ?? username}`}
            />
          </div>
        )}
        <Pagination page={page} totalPages={meta.totalPages} hrefForPage={(target) => `${path}?page=${target}`} />
      </section>
    </div>
  );
}
