import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
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
  // Marks the page as live: until React has hydrated the server's markup, a tap on it does nothing. Browser tests
  // wait for this mark before they click (tests/e2e/support/browser.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <AppShell queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppShell>
  );
}
