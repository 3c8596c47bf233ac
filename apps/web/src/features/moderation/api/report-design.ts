import { useMutation } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { DesignReportInput, DesignReportReply } from "@threadfolk/contract/moderation";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";

/** `POST /api/v1/designs/{uuid}/reports` (issue 28): public, guests too. */
async function reportDesign({ designUuid, report }: { designUuid: string; report: DesignReportInput }) {
  return apiRequest<DesignReportReply>(apiPath(API.reportDesign, { uuid: designUuid }), {
    method: "POST",
    body: report,
  });
}

/** Refusals the dialog shows itself: field messages (422) and the rate limit's 'try again in …' (429). */
export function isReportRefusal(error: unknown): boolean {
  return isApiError(error, 422) || isApiError(error, 429);
}

/** Sends a report; the dialog shows its refusals, anything else gets the general error toast. */
export function useReportDesign() {
  return useMutation({ mutationFn: reportDesign, meta: { isExpectedError: isReportRefusal } });
}
