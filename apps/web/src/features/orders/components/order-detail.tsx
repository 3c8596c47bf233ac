import type { CartAddressRecord, OrderLineItem } from "@threadfolk/contract/cart";
import { colorDisplayName } from "@threadfolk/contract/colors";
import { formatCents } from "@threadfolk/contract/money";
import type { PlacedOrderResponse } from "@threadfolk/contract/orders";
import { OrderStateBadge } from "../../../components/order-state-badge.tsx";
import {
  expectedDeliveryDay,
  formatDeliveryDay,
  formatOrderDate,
  itemCountText,
  orderLineGarment,
  paymentMethodText,
} from "../order-facts.ts";
import { OrderCancellation } from "./order-cancellation.tsx";
import { OrderCardHeading, orderCardClass } from "./order-card.tsx";
import { OrderShipments } from "./order-shipments.tsx";
import { OrderTimelineSteps } from "./order-timeline-steps.tsx";

function OrderLine({ line }: { line: OrderLineItem }) {
  const { attributes } = line;
  return (
    <li className="flex gap-4 py-4 first:pt-0 last:pb-0">
      <img
        src={attributes.designOnShirt}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        decoding="async"
        className="size-20 shrink-0 rounded-xl bg-neutral-100 object-cover ring-1 ring-neutral-900/5 md:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <h3 className="font-bold text-neutral-950">{attributes.displayName}</h3>
          <p className="text-sm text-neutral-700">{orderLineGarment(attributes)}</p>
          <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-sm text-neutral-700">
            <dt className="text-neutral-500">Color</dt>
            <dd className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-3.5 rounded-full ring-1 ring-neutral-900/20"
                style={{ backgroundColor: attributes.hexColor }}
              />
              {colorDisplayName(attributes.color)}
            </dd>
            <dt className="text-neutral-500">Size</dt>
            <dd>{attributes.size}</dd>
            <dt className="text-neutral-500">Quantity</dt>
            <dd>{attributes.quantity}</dd>
          </dl>
        </div>
        <div className="text-sm sm:text-right">
          <p className="text-neutral-600">
            {attributes.onSale ? (
              <>
                <span className="sr-only">Price: </span>
                <s className="text-neutral-400">{attributes.price}</s>{" "}
                <span className="font-semibold text-brand">{attributes.salesPrice}</span> each
              </>
            ) : (
              <>{attributes.price} each</>
            )}
          </p>
          <p className="mt-0.5 text-base font-bold text-neutral-950">
            <span className="sr-only">Line total: </span>
            {attributes.total}
          </p>
        </div>
      </div>
    </li>
  );
}

function TotalRow({ label, value, emphasis = false }: { label: string; value: string; emphasis?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${emphasis ? "items-baseline border-t border-neutral-200 pt-3" : ""}`}>
      <dt className={emphasis ? "text-sm font-bold tracking-[0.14em] text-neutral-950" : undefined}>{label}</dt>
      <dd className={emphasis ? "text-xl font-bold text-neutral-950" : "font-semibold text-neutral-900"}>{value}</dd>
    </div>
  );
}

function AddressBlock({ title, address }: { title: string; address: CartAddressRecord | undefined }) {
  return (
    <div>
      <h3 className="text-xs font-bold tracking-[0.14em] text-neutral-500 uppercase">{title}</h3>
      {address ? (
        <address className="mt-1.5 text-[15px] leading-relaxed text-neutral-800 not-italic">
          <span className="font-semibold text-neutral-950">{address.attributes.fullName}</span>
          <br />
          {address.attributes.address1}
          {address.attributes.address2 && (
            <>
              <br />
              {address.attributes.address2}
            </>
          )}
          <br />
          {address.attributes.city}, {address.attributes.state} {address.attributes.zip}
          <br />
          {address.attributes.country}
        </address>
      ) : (
        <p className="mt-1.5 text-neutral-600">Not given</p>
      )}
    </div>
  );
}

/**
 * One order (the customer's order page and a guest's e-mailed link alike): its status timeline with the way to
 * cancel it while that can be done, its parcels with their tracking, the lines with their mockups, the totals as
 * they were frozen when it was placed, how it was paid and where it goes. `token` is the guest link's, if any.
 */
export function OrderDetail({ order, token = null }: { order: PlacedOrderResponse; token?: string | null }) {
  const { attributes } = order.data;
  const lines = order.included.filter((record): record is OrderLineItem => record.type === "order_line_item");
  const address = (type: CartAddressRecord["type"]) =>
    order.included.find((record): record is CartAddressRecord => record.type === type);
  const itemCount = lines.reduce((sum, line) => sum + line.attributes.quantity, 0);
  const placed = formatOrderDate(attributes.placedAt);
  const expectedDay = expectedDeliveryDay(attributes.state, attributes.estimatedDeliveryDate);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-neutral-700">
        <OrderStateBadge state={attributes.state} />
        {expectedDay && (
          <p className="font-semibold text-neutral-950">
            Expected by <time dateTime={expectedDay}>{formatDeliveryDay(expectedDay)}</time>
          </p>
        )}
        {placed && (
          <p>
            Placed on <time dateTime={attributes.placedAt ?? undefined}>{placed}</time>
          </p>
        )}
        {attributes.email && <p className="min-w-0 break-words">Confirmation sent to {attributes.email}</p>}
      </div>

      {/* Phones read the status first, then the parcels, the items, the totals and the addresses (the `order-*`
          classes act while the two columns are `contents`); desktops show parcels, items and addresses beside
          status and totals. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="contents lg:block lg:space-y-6">
          <OrderShipments shipments={attributes.shipments} lines={lines} className="order-2" />

          <section aria-labelledby="order-items" className={`order-3 ${orderCardClass}`}>
            <OrderCardHeading id="order-items">Items ({itemCountText(itemCount)})</OrderCardHeading>
            <ul className="mt-4 divide-y divide-neutral-200">
              {lines.map((line) => (
                <OrderLine key={line.id} line={line} />
              ))}
            </ul>
          </section>

          <section aria-labelledby="order-delivery" className={`order-5 ${orderCardClass}`}>
            <OrderCardHeading id="order-delivery">Delivery and Payment</OrderCardHeading>
            <div className="mt-4 grid gap-6 sm:grid-cols-2">
              <AddressBlock title="Shipping address" address={address("shipping_address")} />
              <AddressBlock title="Billing address" address={address("billing_address")} />
              <div>
                <h3 className="text-xs font-bold tracking-[0.14em] text-neutral-500 uppercase">Shipping method</h3>
                <p className="mt-1.5 text-[15px] text-neutral-800">
                  {attributes.shippingServiceName ?? "Not chosen"}
                  {attributes.deliveryEstimate && (
                    <span className="block text-sm text-neutral-600">{attributes.deliveryEstimate}</span>
                  )}
                </p>
              </div>
              <div>
                <h3 className="text-xs font-bold tracking-[0.14em] text-neutral-500 uppercase">Payment method</h3>
                <p className="mt-1.5 text-[15px] text-neutral-800">
                  {paymentMethodText(attributes.state, attributes.paymentMethod, attributes.paidAt)}
                </p>
              </div>
            </div>
          </section>
        </div>

        <div className="contents lg:block lg:space-y-6">
          <section aria-labelledby="order-status" className={`order-1 ${orderCardClass}`}>
            <OrderCardHeading id="order-status">Status</OrderCardHeading>
            <div className="mt-4">
              <OrderTimelineSteps state={attributes.state} timeline={attributes.timeline} />
            </div>
            <OrderCancellation
              orderNumber={attributes.orderNumber}
              token={token}
              paidAt={attributes.paidAt}
              cancellation={attributes.cancellation}
            />
          </section>

          <section aria-labelledby="order-totals" className={`order-4 ${orderCardClass}`}>
            <OrderCardHeading id="order-totals">Order Summary</OrderCardHeading>
            <dl className="mt-4 space-y-2 text-[15px] text-neutral-700">
              <TotalRow label={`Items (${itemCountText(itemCount)})`} value={attributes.itemTotal} />
              {attributes.totalDiscountCents > 0 && (
                <TotalRow
                  label={attributes.promoCode ? `Code ${attributes.promoCode.code}` : "Discount"}
                  value={`−${attributes.totalDiscount}`}
                />
              )}
              <TotalRow label="Shipping" value={attributes.totalShipping} />
              <TotalRow label="Tax" value={attributes.totalTax} />
              <TotalRow label="TOTAL" value={attributes.orderTotal} emphasis />
              {attributes.promoCode && attributes.promoCode.giftCardCents > 0 && (
                <>
                  <TotalRow
                    label={`Gift card ${attributes.promoCode.code}`}
                    value={`−${formatCents(attributes.promoCode.giftCardCents)}`}
                  />
                  <TotalRow label="Paid by card or PayPal" value={attributes.amountDue} />
                </>
              )}
            </dl>
          </section>
        </div>
      </div>
    </div>
  );
}
