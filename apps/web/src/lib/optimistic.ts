import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * The one optimistic-update helper: stops in-flight fetches of the matching queries, applies `update` to each cached
 * value, and returns a rollback that puts every one of them back exactly as it was (for a mutation's onError).
 */
export async function applyOptimistic(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: unknown) => unknown,
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey });
  const snapshot = queryClient.getQueriesData({ queryKey });
  for (const [key, data] of snapshot) {
    if (data !== undefined) queryClient.setQueryData(key, update(data));
  }
  return () => {
    for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
  };
}
