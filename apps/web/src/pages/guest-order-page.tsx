import { Link, useParams, useSearchParams } from "react-router";
import { PageHeading } from "../components/page-heading.tsx";
import { OrderPageBody } from "../features/orders/components/order-page-body.tsx";

/**
 * A guest's order (`/orders/{orderNumber}?token=…`), opened from its confirmation e-mail: the link's token is
 * what lets a shopper without an account read it, on any device.
 */
export default function GuestOrderPage() {
  const { orderNumber = "" } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  return (
    <div className="mx-auto max-w-6xl pb-16">
      <PageHeading title={`Order ${orderNumber}`} eyebrow="Your order" />
      <div className="px-5 md:px-10">
        <OrderPageBody
          orderNumber={orderNumber}
          token={token}
          notFound={
            <Link
              to="/"
              className="mt-5 inline-flex h-11 items-center rounded-full bg-brand px-6 text-sm font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              Go to the shop
            </Link>
          }
        />
      </div>
    </div>
  );
}
