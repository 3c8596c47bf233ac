import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ADMIN_API } from "@threadfolk/contract/admin-api-paths";
import type {
  AdminDashboardReply,
  AdminOrderActionReply,
  AdminOrderReply,
  AdminOrdersQuery,
  AdminOrdersReply,
  AdminRefundBody,
  ResendableOrderEmail,
} from "@threadfolk/contract/admin-orders";
import { apiPath } from "@threadfolk/contract/api-paths";
import { adminFetch } from "../admin-api.ts";

/**
 * The admin console's orders and dashboard over `/api/v1/admin` (decision 074): the queries and the actions. An
 * action's reply is the order as it is now: it replaces the cached order, and the lists and dashboard are read
 * again.
 */

export const adminOrdersKeys = {
  all: ["admin", "orders"] as const,
  list: (query: AdminOrdersQuery) => ["admin", "orders", "list", query] as const,
  detail: (orderNumber: string) => ["admin", "orders", "detail", orderNumber] as const,
  dashboard: ["admin", "dashboard"] as const,
};

export function useAdminDashboard() {
  return useQuery({
    queryKey: adminOrdersKeys.dashboard,
    queryFn: () => adminFetch<AdminDashboardReply>(apiPath(ADMIN_API.adminDashboard)),
    refetchInterval: 60_000,
  });
}

export function useAdminOrders(query: AdminOrdersQuery) {
  return useQuery({
    queryKey: adminOrdersKeys.list(query),
    queryFn: () =>
      adminFetch<AdminOrdersReply>(apiPath(ADMIN_API.adminOrders), {
        query: query as Record<string, string | number | undefined>,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(orderNumber: string) {
  return useQuery({
    queryKey: adminOrdersKeys.detail(orderNumber),
    queryFn: () => adminFetch<AdminOrderReply>(apiPath(ADMIN_API.adminOrder, { order_number: orderNumber })),
  });
}

/** The actions and the body each sends. */
export type AdminOrderAction =
  | { kind: "refund"; body: AdminRefundBody }
  | { kind: "cancel"; body: { reason: string } }
  | { kind: "resubmit"; body: { reason?: string } }
  | { kind: "resend"; body: { email: ResendableOrderEmail; reason?: string } }
  | { kind: "note"; body: { body: string } };

const ACTION_ROUTES = {
  refund: ADMIN_API.adminRefundOrder,
  cancel: ADMIN_API.adminCancelOrder,
  resubmit: ADMIN_API.adminResubmitOrder,
  resend: ADMIN_API.adminResendOrderEmail,
  note: ADMIN_API.adminAddOrderNote,
} as const;

/** One action on the order shown; the reply replaces the cached order. */
export function useAdminOrderAction(orderNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminOrderAction) =>
      adminFetch<AdminOrderActionReply>(apiPath(ACTION_ROUTES[action.kind], { order_number: orderNumber }), {
        method: "POST",
        body: action.body,
      }),
    // Refusals (409, 400) are shown in the dialog that asked: not a global error.
    meta: { isExpectedError: () => true },
    onSuccess: (reply) => {
      queryClient.setQueryData(adminOrdersKeys.detail(orderNumber), { data: reply.data });
      void queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all, refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: adminOrdersKeys.dashboard });
    },
  });
}
