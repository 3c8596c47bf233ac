import { useRoutes } from "react-router";
import OrderPage from "./order-page.tsx";
import OrdersPage from "./orders-page.tsx";

/** The Orders area of the console (issue 28): the list at /admin/orders, one order at /admin/orders/{number}. */
export default function OrdersArea() {
  return useRoutes([
    { index: true, element: <OrdersPage /> },
    { path: ":orderNumber", element: <OrderPage /> },
  ]);
}
