import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { RouterProvider } from "react-router";
import { Toaster } from "./components/ui/toaster.tsx";
import type { createAppRouter } from "./router.tsx";

/** What wraps every page, in the browser and in the server's first render (entry-server.tsx) alike. */
export function AppShell({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}

export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}) {
  return (
    <AppShell queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppShell>
  );
}
