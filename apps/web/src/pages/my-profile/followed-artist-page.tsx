import { useQueryClient } from "@tanstack/react-query";
import type { FollowedArtist } from "@threadfolk/contract/favorites";
import { homeCollectionResultsPath } from "@threadfolk/contract/routes";
import { useId } from "react";
import { Link, useSearchParams } from "react-router";
import { useDesignCardHeart } from "../../app/use-design-card-heart.ts";
import { DesignGrid } from "../../components/design-grid.tsx";
import { PageHeading } from "../../components/page-heading.tsx";
import { Pagination } from "../../components/pagination.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { catalogueKeys } from "../../features/catalogue/api/query-keys.ts";
import { useFollowArtist } from "../../features/follows/api/follow-artist.ts";
import { useFollowedArtists } from "../../features/follows/api/get-followed-artists.ts";
import { sessionKeys } from "../../features/session/api/query-keys.ts";
import { artistPath, parsePageParam } from "../../lib/catalogue-paths.ts";
import { useIsDesktop } from "../../lib/use-media-query.ts";

function countText(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

function ArtistAvatar({ artist }: { artist: FollowedArtist["attributes"] }) {
  if (artist.avatar) {
    return (
      <img
        src={artist.avatar.src}
        srcSet={artist.avatar.srcSet}
        sizes="64px"
        width={64}
        height={64}
        alt=""
        loading="lazy"
        className="size-14 shrink-0 rounded-full bg-neutral-100 object-cover ring-1 ring-neutral-900/10 md:size-16"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-14 shrink-0 items-center justify-center rounded-full bg-neutral-900 font-display text-2xl font-extrabold text-white md:size-16"
    >
      {artist.displayName.charAt(0)}
    </span>
  );
}

function FollowedArtistSection({ artist }: { artist: FollowedArtist["attributes"] }) {
  const headingId = useId();
  const isDesktop = useIsDesktop();
  const onHeartClick = useDesignCardHeart();
  const queryClient = useQueryClient();
  const unfollow = useFollowArtist({
    onChanged: () => {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.userInfo() });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.artists() });
    },
  });
  const href = artistPath(artist);

  return (
    <section aria-labelledby={headingId} className="border-t border-neutral-200 pt-7 pb-10 first:border-t-0">
      <div className="flex flex-wrap items-center gap-4">
        <ArtistAvatar artist={artist} />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="truncate font-display text-xl font-extrabold tracking-tight md:text-2xl">
            <Link
              to={href}
              className="text-neutral-950 underline-offset-4 hover:text-brand hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              {artist.displayName}
            </Link>
          </h2>
          <p className="text-sm text-neutral-600">
            <span>@{artist.uniqueUsername}</span>
            <span aria-hidden="true"> · </span>
            <span>{countText(artist.designCount, "design", "designs")}</span>
            <span aria-hidden="true"> · </span>
            <span>{countText(artist.followerCount, "follower", "followers")}</span>
          </p>
        </div>
        <button
          type="button"
          aria-label={`Unfollow ${artist.displayName}`}
          aria-busy={unfollow.isPending || undefined}
          onClick={() => {
            if (!unfollow.isPending) unfollow.mutate({ artistUuid: artist.uuid, follow: false });
          }}
          className="inline-flex h-10 items-center rounded-full border border-neutral-300 bg-white px-5 text-sm font-bold text-neutral-900 transition-colors hover:border-brand hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          {unfollow.isPending ? "Unfollowing…" : "Unfollow"}
        </button>
      </div>
      {artist.latestDesigns.length > 0 ? (
        <DesignGrid
          cards={artist.latestDesigns}
          layout={isDesktop ? "desktop" : "mobile"}
          onHeartClick={onHeartClick}
          label={`Latest designs by ${artist.displayName}`}
          className="mt-5"
        />
      ) : (
        <p className="mt-4 text-neutral-600">No designs in the shop right now.</p>
      )}
      <Link
        to={href}
        className="mt-5 inline-block rounded text-sm font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        Visit {artist.displayName}'s shop
      </Link>
    </section>
  );
}

/** Followed Artists (`/my-profile/followed-artist?page=N`): each followed artist with counts, latest designs and Unfollow. */
export default function FollowedArtistPage() {
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get("page")) ?? 1;
  const artists = useFollowedArtists(page);

  return (
    <div className="pb-16">
      <PageHeading title="Followed Artists" eyebrow="My Profile">
        <p className="mt-3 max-w-2xl text-neutral-600">The artists you follow and what they have made lately.</p>
      </PageHeading>
      <div className="px-5 md:px-10">
        {artists.isPending ? (
          <Spinner className="py-16" label="Loading the artists you follow" />
        ) : artists.isError ? (
          <div className="rounded-2xl bg-neutral-50 px-5 py-8">
            <p className="text-neutral-700">The artists you follow could not be loaded.</p>
            <button
              type="button"
              onClick={() => artists.refetch()}
              className="mt-4 inline-flex h-10 items-center rounded-full border border-neutral-300 px-4 text-sm font-semibold"
            >
              Try again
            </button>
          </div>
        ) : artists.data.data.length === 0 ? (
          <div className="rounded-2xl bg-neutral-50 px-5 py-10 text-center">
            <h2 className="font-display text-xl font-extrabold text-neutral-950">You don't follow anyone yet</h2>
            <p className="mt-2 text-neutral-700">
              Press Follow on an artist's shop or a design page to see their newest designs here.
            </p>
            <Link
              to={homeCollectionResultsPath("browse")}
              className="mt-5 inline-flex h-11 items-center rounded-full bg-brand px-6 text-sm font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              Browse Designs
            </Link>
          </div>
        ) : (
          <>
            {artists.data.data.map((artist) => (
              <FollowedArtistSection key={artist.id} artist={artist.attributes} />
            ))}
            <Pagination
              page={artists.data.meta.page}
              totalPages={artists.data.meta.totalPages}
              hrefForPage={(target) => `/my-profile/followed-artist?page=${target}`}
            />
          </>
        )}
      </div>
    </div>
  );
}
