import { CLIENT_ROUTES, homeCollectionResultsPath } from "@threadfolk/contract/routes";
import { Link, useSearchParams } from "react-router";
import { PageHeading } from "../../components/page-heading.tsx";
import { Pagination } from "../../components/pagination.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useOrders } from "../../features/orders/api/get-orders.ts";
import { OrderList } from "../../features/orders/components/order-list.tsx";
import { parsePageParam } from "../../lib/catalogue-paths.ts";

/** Orders (`/my-profile/orders?page=N`, spec section 2): the customer's orders, newest first, ten a page. */
export default function OrdersPage() {
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get("page")) ?? 1;
  const orders = useOrders(page);

  return (
    <div className="pb-16">
      <PageHeading title="Orders" eyebrow="My Profile">
        <p className="mt-3 max-w-2xl text-neutral-600">
          Everything you have ordered, newest first. Open an order to follow it.
        </p>
      </PageHeading>
      <div className="px-5 md:px-10">
        {orders.isPending ? (
          <Spinner className="py-16" label="Loading your orders" />
        ) : orders.isError ? (
          <div className="rounded-2xl bg-neutral-50 px-5 py-8">
            <p className="text-neutral-700">Your orders could not be loaded.</p>
            <button
              type="button"
              onClick={() => orders.refetch()}
              className="mt-4 inline-flex h-10 items-center rounded-full border border-neutral-300 px-4 text-sm font-semibold"
            >
              Try again
            </button>
          </div>
        ) : orders.data.meta.totalCount === 0 ? (
          <div className="rounded-2xl bg-neutral-50 px-5 py-10 text-center">
            <h2 className="font-display text-xl font-extrabold text-neutral-950">No orders yet</h2>
            <p className="mt-2 text-neutral-700">When you buy a shirt, your order shows up here with its status.</p>
            <Link
              to={homeCollectionResultsPath("browse")}
              className="mt-5 inline-flex h-11 items-center rounded-full bg-brand px-6 text-sm font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              Browse Designs
            </Link>
          </div>
        ) : orders.data.data.length === 0 ? (
          <div className="rounded-2xl bg-neutral-50 px-5 py-8">
            <p className="text-neutral-700">There are no orders on this page.</p>
            <Link
              to={CLIENT_ROUTES.orders}
              className="mt-4 inline-block font-semibold text-brand underline-offset-4 hover:underline"
            >
              Back to your latest orders
            </Link>
          </div>
        ) : (
          <>
            <OrderList orders={orders.data.data} />
            <Pagination
              page={orders.data.meta.page}
              totalPages={orders.data.meta.totalPages}
              hrefForPage={(target) => `${CLIENT_ROUTES.orders}?page=${target}`}
            />
          </>
        )}
      </div>
    </div>
  );
}
