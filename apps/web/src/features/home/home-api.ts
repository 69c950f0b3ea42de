import type { THomePage } from "@plugs/domain";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { kolKeys } from "../kols/api.ts";

/** The home page's lists in one request; under kolKeys.all so a vote refreshes it with the KOL lists. */
export function useHome() {
  return useQuery({
    queryKey: [...kolKeys.all, "home"] as const,
    queryFn: () => apiFetch<THomePage>("/api/home"),
  });
}
