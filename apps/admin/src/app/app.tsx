import type { QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { AppProviders } from "./providers";
import type { createAppRouter } from "./router";

export function App({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
