import { QueryClient, type QueryKey } from "@tanstack/react-query";

/** The app's query defaults (spec section 9): fresh for 60 s, one retry, no refetch when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/**
 * Loads `queryKey`'s queries again because the server told us something changed (an event on the stream, a write
 * that just committed). Invalidating alone is not enough: while a query's first fetch is in flight, TanStack Query
 * joins that fetch instead of starting another (it cancels a running fetch only once there is data to fall back
 * on), and that fetch may have been answered before the change. So any fetch in flight is cancelled first.
 */
export async function refetchAfterChange(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
