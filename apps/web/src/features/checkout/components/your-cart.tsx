import type { OrderLineItem } from "@threadfolk/contract/cart";

/** 'Your Cart' (spec section 2): each line's design on its shirt, name, garment, colour and size, quantity and total. */
export function YourCart({ lines }: { lines: readonly OrderLineItem[] }) {
  return (
    <section
      aria-labelledby="checkout-your-cart"
      className="rounded-2xl bg-white p-5 ring-1 ring-neutral-900/10 md:p-6"
    >
      <h2 id="checkout-your-cart" className="font-display text-xl font-extrabold tracking-tight text-neutral-950">
        Your Cart
      </h2>
      <ul className="mt-2 divide-y divide-neutral-100">
        {lines.map((line) => (
          <li key={line.id} className="flex gap-3 py-3">
            <img
              src={line.attributes.designOnShirt}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              decoding="async"
              className="size-16 shrink-0 rounded-lg bg-neutral-100 object-cover ring-1 ring-neutral-900/5"
            />
            <div className="min-w-0 flex-1 text-sm">
              <div className="flex items-start justify-between gap-2">
                <p className="line-clamp-2 font-semibold text-neutral-950">{line.attributes.displayName}</p>
                <p className="shrink-0 font-semibold text-neutral-950">{line.attributes.total}</p>
              </div>
              <p className="mt-0.5 text-neutral-600">{line.attributes.itemDescription}</p>
              <p className="text-neutral-600">Qty {line.attributes.quantity}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
