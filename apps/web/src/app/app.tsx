import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { RouterProvider } from "react-router/dom";
import { LazyToaster } from "./lazy-toaster.tsx";
import { createQueryClient } from "./query-client.ts";
import { createAppRouter } from "./router.tsx";

/** The app: providers, the router, and the toast area (coloured theme). */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <LazyToaster />
    </QueryClientProvider>
  );
}
