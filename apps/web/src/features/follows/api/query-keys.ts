/** Every follows query key, from one factory; a follow or unfollow invalidates `all`. */
export const followsKeys = {
  all: ["follows"] as const,
  followedArtists: (page: number) => [...followsKeys.all, "artists", page] as const,
};
