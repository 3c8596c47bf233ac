import { QueryClient } from "@tanstack/react-query";

/** One query client for the app: server state is cached briefly and retried once on network failure. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}
