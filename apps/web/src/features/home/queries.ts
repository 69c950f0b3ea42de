import { useQuery } from "@tanstack/react-query";
import { kolKeys } from "../kols/queries.ts";
import { fetchHome } from "./api.ts";

/** Under kolKeys.all, so a vote refreshes the home page with the KOL lists. */
export const homeKey = [...kolKeys.all, "home"] as const;

/** The home page's lists in one request. */
export function useHome() {
  return useQuery({ queryKey: homeKey, queryFn: fetchHome });
}
