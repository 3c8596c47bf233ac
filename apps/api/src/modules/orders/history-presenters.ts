import { type ProductColor, resolveColor } from "@threadfolk/contract/colors";
import { formatCents } from "@threadfolk/contract/money";
import type { OrdersListResponse, PlacedOrderState } from "@threadfolk/contract/orders";
import { garmentForStyle, type ImageUrlSigner } from "../discovery/image-urls.ts";
import { presentPageMeta } from "../discovery/presenters.ts";
import type { OrderHistoryRow } from "./history-queries.ts";
import { describePayment } from "./placed-order.ts";

type OrderSummary = OrdersListResponse["data"][number];

/** An ISO 8601 instant from either driver's timestamp (a Date, or PGlite's text). */
function isoInstant(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** One entry of the Orders tab's list. */
export function presentOrderSummary(row: OrderHistoryRow, images: ImageUrlSigner): OrderSummary {
  const color: ProductColor | undefined = row.previewColor ? resolveColor(row.previewColor) : undefined;
  const previewImage =
    row.previewDesignId && row.previewStyleKey && color
      ? images.watermarkedUrl({ designUuid: row.previewDesignId, garment: garmentForStyle(row.previewStyleKey), color })
      : null;
  return {
    id: row.id,
    type: "order",
    attributes: {
      orderNumber: row.orderNumber,
      state: row.state as PlacedOrderState,
      placedAt: isoInstant(row.placedAt),
      paidAt: isoInstant(row.paidAt),
      orderTotal: formatCents(row.totalCents),
      orderTotalCents: row.totalCents,
      itemCount: row.itemCount,
      previewImage,
      previewName: row.previewDesignName,
      paymentMethod: describePayment(
        row.paymentKind === "card" || row.paymentKind === "paypal"
          ? { kind: row.paymentKind, cardBrand: row.cardBrand, cardLast4: row.cardLast4 }
          : undefined,
      ),
    },
  };
}

/** `GET /orders?page=N`: one page of the customer's orders with the paging `meta`. */
export function presentOrdersPage(options: {
  rows: OrderHistoryRow[];
  totalCount: number;
  page: number;
  perPage: number;
  images: ImageUrlSigner;
}): OrdersListResponse {
  const { rows, totalCount, page, perPage, images } = options;
  return {
    data: rows.map((row) => presentOrderSummary(row, images)),
    meta: presentPageMeta({ totalCount, page, perPage }),
  };
}
