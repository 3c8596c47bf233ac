import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ADMIN_API } from "@threadfolk/contract/admin-api-paths";
import { apiPath } from "@threadfolk/contract/api-paths";
import type { OperatorSessionReply } from "@threadfolk/contract/operators";
import { ADMIN_MUTATION_META, adminFetch, isAdminApiError } from "./admin-api.ts";

/** Who is signed in to the console: null when nobody is (the API answered 401 or 403). */
export const adminSessionQuery = queryOptions({
  queryKey: ["admin", "session"],
  queryFn: async (): Promise<OperatorSessionReply["data"] | null> => {
    try {
      return (await adminFetch<OperatorSessionReply>(apiPath(ADMIN_API.adminSession))).data;
    } catch (error) {
      if (isAdminApiError(error, 401) || isAdminApiError(error, 403)) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: false,
});

export function useAdminSession() {
  return useQuery(adminSessionQuery);
}

/** After sign-in or set-up: the session is known without asking again. */
export function rememberAdminSession(queryClient: QueryClient, session: OperatorSessionReply["data"]): void {
  queryClient.setQueryData(adminSessionQuery.queryKey, session);
}

/** Forgets everything the console read (another operator may sign in next on this browser). */
export function forgetAdminData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ["admin"] });
  queryClient.setQueryData(adminSessionQuery.queryKey, null);
}

export function useAdminSignOut(options: { onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: ADMIN_MUTATION_META,
    mutationFn: () => adminFetch<void>(apiPath(ADMIN_API.adminSignOut), { method: "POST", body: {} }),
    onSettled: () => {
      forgetAdminData(queryClient);
      options.onSignedOut();
    },
  });
}
