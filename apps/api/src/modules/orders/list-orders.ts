import type { OrdersListResponse } from "@threadfolk/contract/orders";
import type { AppContext } from "../../context.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { presentOrdersPage } from "./history-presenters.ts";
import { findOrderHistoryPage } from "./history-queries.ts";

/** The Orders tab's page size. */
export const ORDERS_PER_PAGE = 10;

/** One page of a customer's placed orders, newest first (one SQL statement: findOrderHistoryPage). */
export async function listOrders(options: {
  context: Pick<AppContext, "db" | "config">;
  userId: string;
  page: number;
  perPage?: number;
}): Promise<OrdersListResponse> {
  const { context, userId, page, perPage = ORDERS_PER_PAGE } = options;
  const { db } = context;
  const [{ rows, totalCount }, images] = await Promise.all([
    findOrderHistoryPage({ db, userId, page, perPage }),
    createImageUrlSigner({ db, config: context.config }),
  ]);
  return presentOrdersPage({ rows, totalCount, page, perPage, images });
}
