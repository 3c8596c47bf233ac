import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ADMIN_API } from "@threadfolk/contract/admin-api-paths";
import { apiPath } from "@threadfolk/contract/api-paths";
import type { ModerationReason, ReportQueueReply } from "@threadfolk/contract/moderation";
import { ADMIN_MUTATION_META, adminFetch } from "../admin-api.ts";

export const moderationKeys = {
  all: ["admin", "moderation"] as const,
  queue: (page: number) => ["admin", "moderation", "queue", page] as const,
};

/** The reports queue (`GET /api/v1/admin/moderation/reports`). */
export function useReportQueue(page: number) {
  return useQuery({
    queryKey: moderationKeys.queue(page),
    queryFn: () => adminFetch<ReportQueueReply>(apiPath(ADMIN_API.adminReportQueue), { query: { page } }),
  });
}

type DesignAction =
  | { action: "takedown"; designId: string; kind: ModerationReason; reason: string }
  | { action: "restoration"; designId: string; reason: string }
  | { action: "dismissal"; designId: string; reason?: string };

const ROUTES = {
  takedown: ADMIN_API.adminTakeDownDesign,
  restoration: ADMIN_API.adminRestoreDesign,
  dismissal: ADMIN_API.adminDismissReports,
} as const;

/** Takes a design down, restores it or dismisses its reports; the queue and the people pages refresh after. */
export function useDesignModeration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, designId, ...body }: DesignAction) =>
      adminFetch<unknown>(apiPath(ROUTES[action], { id: designId }), { method: "POST", body }),
    // The dialog shows refusals itself.
    meta: ADMIN_MUTATION_META,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
