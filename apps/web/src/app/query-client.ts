import { MutationCache, QueryClient } from "@tanstack/react-query";
import { showMutationError } from "../lib/mutation-errors.ts";

/**
 * One query client for the app: server state is cached briefly and retried once on network failure; a
 * failed mutation shows spec section 8's error toast unless the mutation handles that error itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => showMutationError(error, mutation.meta?.isExpectedError),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}
