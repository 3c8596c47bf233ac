import type { UnavailableLineItem } from "@threadfolk/contract/cart";
import { COLOR_HEX } from "@threadfolk/contract/colors";
import { useId } from "react";
import { useDeleteCartLine } from "../api/delete-cart-line.ts";
import { lineColorName } from "./cart-line-facts.ts";

type UnavailableCartLineProps = {
  line: UnavailableLineItem;
  onRemove: () => void;
  isRemoving: boolean;
};

/**
 * A line of the cart page whose design is no longer available (its artist deactivated it): greyed, without
 * picture, link, price or stepper, with the server's message and Remove. The server leaves it out of the
 * totals and refuses to place the order while it is in the cart.
 */
export function UnavailableCartLine({ line, onRemove, isRemoving }: UnavailableCartLineProps) {
  const { attributes } = line;
  const nameId = useId();
  const messageId = useId();
  const colorName = lineColorName(attributes);
  return (
    <li>
      <article
        aria-labelledby={nameId}
        aria-describedby={messageId}
        aria-busy={isRemoving || undefined}
        className={`flex gap-4 py-6 transition-opacity md:gap-6 ${isRemoving ? "opacity-50" : ""}`}
      >
        <div
          aria-hidden="true"
          className="flex size-24 shrink-0 items-center justify-center self-start rounded-xl bg-neutral-100 text-neutral-400 ring-1 ring-neutral-900/5 md:size-32"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            className="size-10"
          >
            <circle cx="12" cy="12" r="8.5" />
            <path d="m6 18 12-12" strokeLinecap="round" />
          </svg>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3 md:flex-row md:gap-6">
          <div className="min-w-0 flex-1 text-neutral-500">
            <h2 id={nameId} className="text-base font-bold text-neutral-600 md:text-lg">
              {attributes.displayName}
            </h2>
            <p className="mt-0.5 text-sm">{attributes.garmentStyle}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-sm">
              <dt>Color</dt>
              <dd className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="inline-block size-3.5 rounded-full opacity-60 ring-1 ring-neutral-900/20"
                  style={{ backgroundColor: COLOR_HEX[attributes.color] }}
                />
                {colorName}
              </dd>
              <dt>Size</dt>
              <dd>{attributes.size}</dd>
              <dt>Quantity</dt>
              <dd>{attributes.quantity}</dd>
            </dl>
            <p
              id={messageId}
              className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-neutral-100 px-3 py-1 text-sm font-semibold text-neutral-700"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
                <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.25a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
              </svg>
              {attributes.message}
            </p>
          </div>
          <div className="flex items-center justify-end md:flex-col md:items-end md:justify-start">
            <button
              type="button"
              // aria-disabled rather than disabled: a disabled button would drop the keyboard focus mid-removal.
              aria-disabled={isRemoving || undefined}
              aria-label={`Remove ${attributes.displayName}, ${colorName}, size ${attributes.size}`}
              onClick={() => {
                if (!isRemoving) onRemove();
              }}
              className="rounded text-sm font-semibold text-neutral-700 underline underline-offset-4 hover:text-brand aria-disabled:cursor-wait focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              {isRemoving ? "Removing…" : "Remove"}
            </button>
          </div>
        </div>
      </article>
    </li>
  );
}

/** The unavailable line with Remove wired to the cart's delete-line call (`DELETE /order_line_items/{id}`). */
export function RemovableUnavailableCartLine({ line }: { line: UnavailableLineItem }) {
  const remove = useDeleteCartLine();
  return (
    <UnavailableCartLine
      line={line}
      isRemoving={remove.isPending}
      onRemove={() => remove.mutate({ lineId: line.id, displayName: line.attributes.displayName })}
    />
  );
}
