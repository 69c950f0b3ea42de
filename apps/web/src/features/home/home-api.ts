import type { THomePage } from "@plugs/domain";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { kolKeys } from "../kols/api.ts";

/** Under kolKeys.all, so a vote refreshes the home page with the KOL lists. */
export const homeKey = [...kolKeys.all, "home"] as const;

/** The home page's lists in one request. */
export function useHome() {
  return useQuery({
    queryKey: homeKey,
    queryFn: () => apiFetch<THomePage>("/api/home"),
  });
}
