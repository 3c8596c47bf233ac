import type { OrderLineItem } from "@threadfolk/contract/cart";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "@threadfolk/contract/cart-constants";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Price } from "../../../components/design-card.tsx";
import { QuantityStepper } from "../../../components/quantity-stepper.tsx";
import { useDeleteCartLine } from "../api/delete-cart-line.ts";
import { useUpdateCartLine } from "../api/update-cart-line.ts";
import { garmentName, lineColorName, lineDesignPath, lineTotalBeforeDiscount } from "./cart-line-facts.ts";

/**
 * The quantity the shopper wants for a line, sent one change at a time: clicks made while a change is on its
 * way are gathered and the latest is sent when it has landed (each PUT sets the quantity, so the last one
 * wins). Shows the wanted quantity at once, and the server's once nothing is waiting.
 */
function useLineQuantity(line: OrderLineItem) {
  const serverQuantity = line.attributes.quantity;
  const update = useUpdateCartLine();
  const [wanted, setWanted] = useState<number>();
  const lastSent = useRef<number | undefined>(undefined);
  const { isPending, mutate } = update;

  useEffect(() => {
    if (wanted === undefined || isPending) return;
    // Landed (or already sent, when the cart could not be read back): nothing more to send.
    if (wanted === serverQuantity || wanted === lastSent.current) {
      lastSent.current = undefined;
      setWanted(undefined);
      return;
    }
    lastSent.current = wanted;
    mutate(
      { lineId: line.id, quantity: wanted },
      {
        onError: () => {
          lastSent.current = undefined;
          setWanted(undefined);
        },
      },
    );
  }, [wanted, serverQuantity, isPending, mutate, line.id]);

  return { quantity: wanted ?? serverQuantity, setQuantity: setWanted, isUpdating: wanted !== undefined };
}

/**
 * One line of the cart page: the design on its shirt, its name (to the design page), garment, colour and
 * size, the unit price and the line's price (a sale shows its price beside the regular one struck through),
 * a quantity stepper (1-10) and Remove.
 */
export function CartLineItem({ line }: { line: OrderLineItem }) {
  const { attributes } = line;
  const nameId = useId();
  const quantityId = useId();
  const { quantity, setQuantity, isUpdating } = useLineQuantity(line);
  const remove = useDeleteCartLine();
  const isRemoving = remove.isPending;
  const path = lineDesignPath(attributes);

  return (
    <li>
      <article
        aria-labelledby={nameId}
        aria-busy={isUpdating || isRemoving || undefined}
        className={`flex gap-4 py-6 transition-opacity md:gap-6 ${isRemoving ? "opacity-50" : ""}`}
      >
        <Link
          to={path}
          tabIndex={-1}
          aria-hidden="true"
          className="shrink-0 self-start overflow-hidden rounded-xl bg-neutral-100 ring-1 ring-neutral-900/5"
        >
          <img
            src={attributes.designOnShirt}
            alt=""
            width={128}
            height={128}
            decoding="async"
            className="size-24 object-cover md:size-32"
          />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col gap-3 md:flex-row md:gap-6">
          <div className="min-w-0 flex-1">
            <h2 id={nameId} className="text-base font-bold text-neutral-950 md:text-lg">
              <Link
                to={path}
                className="rounded hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
              >
                {attributes.displayName}
              </Link>
            </h2>
            <p className="mt-0.5 text-sm text-neutral-700">{garmentName(attributes)}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-sm text-neutral-700">
              <dt className="text-neutral-500">Color</dt>
              <dd className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="inline-block size-3.5 rounded-full ring-1 ring-neutral-900/20"
                  style={{ backgroundColor: attributes.hexColor }}
                />
                {lineColorName(attributes)}
              </dd>
              <dt className="text-neutral-500">Size</dt>
              <dd>{attributes.size}</dd>
              <dt className="text-neutral-500">Price</dt>
              <dd>
                <Price price={attributes.price} onSale={attributes.onSale} salesPrice={attributes.salesPrice} />
              </dd>
            </dl>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 md:flex-col md:items-end md:justify-start">
            <div className="flex items-center gap-3">
              <label htmlFor={quantityId} className="text-sm font-semibold text-neutral-700">
                Quantity
              </label>
              <QuantityStepper
                id={quantityId}
                size="small"
                value={quantity}
                min={MIN_LINE_QUANTITY}
                max={MAX_LINE_QUANTITY}
                onChange={setQuantity}
              />
            </div>
            <p className="text-right" aria-live="polite">
              <span className="sr-only">Line total: </span>
              {attributes.onSale && (
                <>
                  <s className="mr-2 text-sm text-neutral-500">{lineTotalBeforeDiscount(attributes)}</s>
                  <span className="sr-only">, now </span>
                </>
              )}
              <span className={`text-lg font-bold ${attributes.onSale ? "text-brand" : "text-neutral-950"}`}>
                {attributes.total}
              </span>
            </p>
            <button
              type="button"
              // aria-disabled rather than disabled: a disabled button would drop the keyboard focus mid-removal.
              aria-disabled={isRemoving || undefined}
              aria-label={`Remove ${attributes.displayName}, ${lineColorName(attributes)}, size ${attributes.size}`}
              onClick={() => {
                if (!isRemoving) remove.mutate({ lineId: line.id, displayName: attributes.displayName });
              }}
              className="rounded text-sm font-semibold text-neutral-600 underline underline-offset-4 hover:text-brand aria-disabled:cursor-wait focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              {isRemoving ? "Removing…" : "Remove"}
            </button>
          </div>
        </div>
      </article>
    </li>
  );
}
