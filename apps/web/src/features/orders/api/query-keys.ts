/** Every orders query key, from one factory; signing out clears them with the rest of the cache. */
export const ordersKeys = {
  all: ["orders"] as const,
  list: (page: number) => [...ordersKeys.all, "list", page] as const,
  /** One order; a guest's read through its e-mail link is keyed by the link's token too. */
  detail: (orderNumber: string, token: string | null) => [...ordersKeys.all, "detail", orderNumber, token] as const,
};
