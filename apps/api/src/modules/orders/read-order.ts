import { ORDER_NUMBER_PATTERN } from "@threadfolk/contract/cart";
import type { PlacedOrderResponse } from "@threadfolk/contract/orders";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Actor, authorize } from "../../lib/authorize.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { getOrderAccessSecret, verifyOrderAccessToken } from "./order-link.ts";
import { findPlacedOrder, type PlacedOrderView, presentPlacedOrder } from "./placed-order.ts";
import { orderReadPolicies } from "./read-policies.ts";

/** An order number from the path, as typed (any case); anything that is not one names no order (404). */
export function parseOrderNumber(value: string): string {
  const orderNumber = value.toUpperCase();
  if (!ORDER_NUMBER_PATTERN.test(orderNumber)) throw AppError.notFound("Order");
  return orderNumber;
}

/**
 * One placed order for the order page: the customer's own, or a guest's through the signed link of its e-mail
 * (`token`). Whoever may not read it gets the 404 of an order that does not exist (orderReadPolicies).
 */
export async function readOrder(options: {
  context: Pick<AppContext, "db" | "config">;
  actor: Actor;
  orderNumber: string;
  token: string | undefined;
}): Promise<PlacedOrderResponse> {
  const { db, config } = options.context;
  const [view, images] = await Promise.all([findReadableOrder(options), createImageUrlSigner({ db, config })]);
  return presentPlacedOrder(view, images, { cancelWindowSeconds: config.ORDER_CANCEL_SECONDS });
}

/**
 * One placed order, when `actor` may read it (its customer, or a guest with its e-mail's signed link `token`);
 * otherwise the 404 of an order that does not exist. What reading and acting on an order (cancelling) start from.
 */
export async function findReadableOrder(options: {
  context: Pick<AppContext, "db" | "config">;
  actor: Actor;
  orderNumber: string;
  token: string | undefined;
}): Promise<PlacedOrderView> {
  const { context, actor, orderNumber, token } = options;
  const { db, config } = context;
  const [view, linkSecret] = await Promise.all([
    findPlacedOrder({ db, where: { orderNumber } }),
    token === undefined ? undefined : getOrderAccessSecret({ db, config }),
  ]);
  if (!view) throw AppError.notFound("Order");
  authorize(actor, orderReadPolicies.readOrder, {
    order: view.order,
    hasValidLinkToken: linkSecret !== undefined && verifyOrderAccessToken(linkSecret, view.order.id, token),
  });
  return view;
}
