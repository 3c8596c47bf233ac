import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { Link } from "react-router";

/**
 * What the payment step shows once the order is paid, while the thank-you toast is up (the page goes home when
 * it closes, spec section 4): the order number and a way home that does not wait for the toast.
 */
export function OrderPlaced({ orderNumber }: { orderNumber: string }) {
  return (
    <section
      aria-labelledby="order-placed-heading"
      className="max-w-xl rounded-2xl bg-white p-6 ring-1 ring-neutral-900/10 md:p-8"
    >
      <h2 id="order-placed-heading" className="font-display text-2xl font-extrabold tracking-tight text-neutral-950">
        Your order is placed
      </h2>
      <p className="mt-3 text-neutral-700">
        Your order number is <span className="font-bold text-neutral-950">{orderNumber}</span>.
      </p>
      <Link
        to={CLIENT_ROUTES.home}
        className="mt-6 inline-flex h-12 items-center justify-center rounded-full bg-brand px-6 text-[15px] font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        Continue shopping
      </Link>
    </section>
  );
}
