import type { OrderLineItem } from "@threadfolk/contract/cart";
import { colorDisplayName } from "@threadfolk/contract/colors";
import type { OrderShipment } from "@threadfolk/contract/orders";
import type { ReactNode } from "react";
import { ExternalLinkIcon } from "../../../components/icons/icons.tsx";
import { formatDeliveryDay, formatOrderDate, SHIPMENT_STATUS_BADGE, shipmentLines } from "../order-facts.ts";
import { OrderCardHeading, orderCardClass } from "./order-card.tsx";

function ShipmentFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-neutral-500">{label}</dt>
      <dd className="font-semibold text-neutral-900">{children}</dd>
    </div>
  );
}

/** One item of a parcel: its picture, name, and size, color and quantity on one line. */
function ShipmentLine({ line, isSplit }: { line: OrderLineItem; isSplit: boolean }) {
  const { attributes } = line;
  return (
    <li className="flex items-center gap-3">
      <img
        src={attributes.designOnShirt}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        decoding="async"
        className="size-14 shrink-0 rounded-lg bg-neutral-100 object-cover ring-1 ring-neutral-900/5"
      />
      <div className="min-w-0 text-sm">
        <p className="truncate font-semibold text-neutral-950">{attributes.displayName}</p>
        <p className="flex flex-wrap items-center gap-x-1.5 text-neutral-700">
          <span>{attributes.size}</span>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <span
              aria-hidden="true"
              className="inline-block size-3 rounded-full ring-1 ring-neutral-900/20"
              style={{ backgroundColor: attributes.hexColor }}
            />
            {colorDisplayName(attributes.color)}
          </span>
          <span aria-hidden="true">·</span>
          <span>
            Qty {attributes.quantity}
            {isSplit && " (shipped in more than one parcel)"}
          </span>
        </p>
      </div>
    </li>
  );
}

function Shipment({
  shipment,
  number,
  count,
  lines,
  shipments,
}: {
  shipment: OrderShipment;
  number: number;
  count: number;
  lines: OrderLineItem[];
  shipments: OrderShipment[];
}) {
  const badge = SHIPMENT_STATUS_BADGE[shipment.status];
  const title = count === 1 ? "Your parcel" : `Parcel ${number} of ${count}`;
  const items = shipmentLines({ lineItemIds: shipment.lineItemIds, lines, shipments });
  return (
    <li className="py-5 first:pt-0 last:pb-0">
      <article aria-label={title}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-bold text-neutral-950">{title}</h3>
          <span
            className={`inline-flex h-6 items-center rounded-full px-2.5 text-xs font-bold whitespace-nowrap ${badge.className}`}
          >
            {badge.label}
          </span>
        </div>
        <p className="mt-1.5 text-sm text-neutral-700">
          {shipment.carrier} tracking number{" "}
          <a
            href={shipment.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold break-all text-brand underline underline-offset-2 hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            {shipment.trackingNumber}
            <ExternalLinkIcon className="size-4 shrink-0" />
            <span className="sr-only"> (opens {shipment.carrier} tracking in a new tab)</span>
          </a>
        </p>
        <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <ShipmentFact label="Shipped">
            <time dateTime={shipment.shippedAt}>{formatOrderDate(shipment.shippedAt)}</time>
          </ShipmentFact>
          {shipment.deliveredAt ? (
            <ShipmentFact label="Delivered">
              <time dateTime={shipment.deliveredAt}>{formatOrderDate(shipment.deliveredAt)}</time>
            </ShipmentFact>
          ) : (
            shipment.status === "shipped" &&
            shipment.estimatedDeliveryDate && (
              <ShipmentFact label="Expected by">
                <time dateTime={shipment.estimatedDeliveryDate}>
                  {formatDeliveryDay(shipment.estimatedDeliveryDate)}
                </time>
              </ShipmentFact>
            )
          )}
        </dl>
        {items.length > 0 && (
          <ul aria-label={`Items in ${title.toLowerCase()}`} className="mt-3 space-y-2.5">
            {items.map(({ line, isSplit }) => (
              <ShipmentLine key={line.id} line={line} isSplit={isSplit} />
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}

/**
 * The parcels of an order (issue 27), first shipped first: each with its carrier and tracking link (a new tab),
 * its status and dates, and the order's lines it carries. Nothing until the first parcel ships.
 */
export function OrderShipments({
  shipments,
  lines,
  className = "",
}: {
  shipments: OrderShipment[];
  lines: OrderLineItem[];
  className?: string;
}) {
  if (shipments.length === 0) return null;
  return (
    <section aria-labelledby="order-shipments" className={`${orderCardClass} ${className}`}>
      <OrderCardHeading id="order-shipments">{shipments.length === 1 ? "Shipment" : "Shipments"}</OrderCardHeading>
      <ol className="mt-4 divide-y divide-neutral-200">
        {shipments.map((shipment, index) => (
          <Shipment
            key={shipment.trackingNumber}
            shipment={shipment}
            number={index + 1}
            count={shipments.length}
            lines={lines}
            shipments={shipments}
          />
        ))}
      </ol>
    </section>
  );
}
