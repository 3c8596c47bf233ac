/** Every session query key, from one factory. */
export const sessionKeys = {
  all: ["session"] as const,
  /** The signed-in visitor's user info: invalidated when a follow or a favourite changes what it lists. */
  userInfo: () => [...sessionKeys.all, "user-info"] as const,
};
