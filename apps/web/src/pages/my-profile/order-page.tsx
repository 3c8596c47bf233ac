import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { Link, useParams } from "react-router";
import { ChevronLeftIcon } from "../../components/icons/icons.tsx";
import { PageHeading } from "../../components/page-heading.tsx";
import { OrderPageBody } from "../../features/orders/components/order-page-body.tsx";

const backLinkClass =
  "inline-flex items-center gap-1 rounded text-sm font-semibold text-neutral-700 hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/** One of the customer's orders (`/my-profile/orders/{orderNumber}`): lines, totals, addresses, payment, status. */
export default function OrderPage() {
  const { orderNumber = "" } = useParams();
  return (
    <div className="pb-16">
      <PageHeading title={`Order ${orderNumber}`} eyebrow="My Profile">
        <Link to={CLIENT_ROUTES.orders} className={`mt-3 ${backLinkClass}`}>
          <ChevronLeftIcon className="size-4" />
          All orders
        </Link>
      </PageHeading>
      <div className="px-5 md:px-10">
        <OrderPageBody
          orderNumber={orderNumber}
          notFound={
            <Link to={CLIENT_ROUTES.orders} className={`mt-5 ${backLinkClass}`}>
              Back to your orders
            </Link>
          }
        />
      </div>
    </div>
  );
}
