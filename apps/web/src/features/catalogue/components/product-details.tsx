import { DELIVERY_ESTIMATE_NOTE, SHIPPING_OPTIONS } from "@threadfolk/contract/shipping";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronDownIcon } from "../../../components/icons/icons.tsx";
import type { GarmentFacts } from "../garment-facts.ts";

const linkClass =
  "rounded font-medium text-brand underline underline-offset-2 hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/** One collapsible row: a native <details>, so it opens with a tap, Enter or Space and needs no script. */
function DetailsRow({
  title,
  hint,
  defaultOpen = false,
  children,
}: {
  title: string;
  /** A short answer shown beside the title while the row is closed. */
  hint?: string;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <details open={defaultOpen} className="group border-b border-neutral-200">
      <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 py-3 text-[15px] font-semibold text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand [&::-webkit-details-marker]:hidden">
        <span className="flex-1">{title}</span>
        {/* Phones keep the row to its title: a hint there would wrap it onto two lines. */}
        {hint && (
          <span className="hidden text-sm font-normal text-neutral-600 sm:inline sm:group-open:hidden">{hint}</span>
        )}
        <ChevronDownIcon className="size-5 shrink-0 text-neutral-500 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      <div className="space-y-2 pb-4 text-[15px] leading-relaxed text-neutral-700">{children}</div>
    </details>
  );
}

/**
 * The design page's product details, under the buy controls so they never push them down: the chosen style's
 * fabric and fit, its care, printing and delivery (spec section 9's estimates) and the refund promise of the
 * refund policy page, each a row that opens in place.
 */
export function ProductDetails({
  styleName,
  facts,
  sizeRange,
  sizeChartHref,
}: {
  /** The chosen style as the page names it, e.g. 'T-Shirt (Men)'. */
  styleName: string;
  facts: GarmentFacts | undefined;
  /** 'S to 5XL': the chosen style's smallest and largest sizes. */
  sizeRange: string | undefined;
  sizeChartHref: string;
}) {
  const standard = SHIPPING_OPTIONS[0];
  return (
    <section aria-labelledby="product-details" className="mt-8">
      <h2 id="product-details" className="text-sm font-bold tracking-[0.14em] text-neutral-500 uppercase">
        Product details
      </h2>
      <div className="mt-2 border-t border-neutral-200">
        <DetailsRow title="Fabric and fit" hint={styleName} defaultOpen>
          <p>
            <span className="font-semibold text-neutral-900">{styleName}.</span> {facts?.fabric}
          </p>
          {facts && <p>{facts.fit}</p>}
          {sizeRange && (
            <p>
              Sizes {sizeRange}.{" "}
              <Link to={sizeChartHref} className={linkClass}>
                Measurements in the size chart
              </Link>
            </p>
          )}
        </DetailsRow>
        {facts && (
          <DetailsRow title="Care">
            <ul className="list-disc space-y-1 pl-5">
              {facts.care.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </DetailsRow>
        )}
        <DetailsRow title="Printing and delivery" hint={`${standard.displayName}: ${standard.deliveryEstimate}`}>
          <p>Printed to order, just for you, and shipped within the United States.</p>
          <ul className="space-y-1">
            {SHIPPING_OPTIONS.map((option) => (
              <li key={option.key}>
                <span className="font-semibold text-neutral-900">{option.displayName}:</span> {option.deliveryEstimate}
              </li>
            ))}
          </ul>
          <p className="text-sm text-neutral-500">{DELIVERY_ESTIMATE_NOTE} Shipping prices are shown at checkout.</p>
        </DetailsRow>
        <DetailsRow title="Returns and refunds" hint="Free reprint or refund">
          <p>
            Damaged, misprinted or not what you ordered? Tell us within 30 days of delivery for a free reprint or your
            money back.
          </p>
          <p>
            Each item is made to order, so we cannot take it back for a change of mind; a wrong size is reprinted for
            the cost of shipping alone, once per order.{" "}
            <Link to="/refund-policy" className={linkClass}>
              Refund Policy
            </Link>
          </p>
        </DetailsRow>
      </div>
    </section>
  );
}
