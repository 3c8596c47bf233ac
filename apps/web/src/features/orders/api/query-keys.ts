/** Every orders query key, from one factory; signing out clears them with the rest of the cache. */
export const ordersKeys = {
  all: ["orders"] as const,
  /** Every page of the Orders tab's list. */
  lists: () => [...ordersKeys.all, "list"] as const,
  list: (page: number) => [...ordersKeys.lists(), page] as const,
  /** One order; a guest's read through its e-mail link is keyed by the link's token too. */
  detail: (orderNumber: string, token: string | null) => [...ordersKeys.all, "detail", orderNumber, token] as const,
};
