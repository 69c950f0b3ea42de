import { QueryClient } from "@tanstack/react-query";

/** The app's query defaults (spec section 9): fresh for 60 s, one retry, no refetch when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}
