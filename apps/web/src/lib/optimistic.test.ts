import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { applyOptimistic } from "./optimistic.ts";

type TPost = { id: string; likes: number };
const like = (data: unknown) => ({ ...(data as TPost), likes: (data as TPost).likes + 1 });

describe("applyOptimistic", () => {
  it("updates every cached query under the key, and the rollback puts each back as it was", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(["posts", "detail", "a"], { id: "a", likes: 1 });
    queryClient.setQueryData(["posts", "page", 2], { id: "a", likes: 5 });
    queryClient.setQueryData(["kols", "detail", "a"], { id: "a", likes: 9 });

    const rollback = await applyOptimistic(queryClient, ["posts"], like);
    expect(queryClient.getQueryData(["posts", "detail", "a"])).toEqual({ id: "a", likes: 2 });
    expect(queryClient.getQueryData(["posts", "page", 2])).toEqual({ id: "a", likes: 6 });
    expect(queryClient.getQueryData(["kols", "detail", "a"])).toEqual({ id: "a", likes: 9 });

    rollback();
    expect(queryClient.getQueryData(["posts", "detail", "a"])).toEqual({ id: "a", likes: 1 });
    expect(queryClient.getQueryData(["posts", "page", 2])).toEqual({ id: "a", likes: 5 });
  });

  it("leaves a query with no data yet alone", async () => {
    const queryClient = new QueryClient();
    queryClient.getQueryCache().build(queryClient, { queryKey: ["posts", "empty"] });
    const rollback = await applyOptimistic(queryClient, ["posts"], like);
    expect(queryClient.getQueryData(["posts", "empty"])).toBeUndefined();
    rollback();
    expect(queryClient.getQueryData(["posts", "empty"])).toBeUndefined();
  });

  it("stops a fetch in flight, so its older answer cannot overwrite the update", async () => {
    const queryClient = new QueryClient();
    const key = ["posts", "detail", "a"];
    queryClient.setQueryData(key, { id: "a", likes: 1 });
    let answer: (post: TPost) => void = () => {};
    const fetching = queryClient
      .fetchQuery({ queryKey: key, queryFn: () => new Promise<TPost>((resolve) => (answer = resolve)) })
      .catch(() => null);
    await applyOptimistic(queryClient, ["posts"], like);
    answer({ id: "a", likes: 1 });
    await fetching;
    expect(queryClient.getQueryData(key)).toEqual({ id: "a", likes: 2 });
  });
});
