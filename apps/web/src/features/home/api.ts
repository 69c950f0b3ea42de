import type { THomePage } from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

export const HOME_URL = "/api/home";

/** The home page's lists in one request. */
export function fetchHome(): Promise<THomePage> {
  return apiFetch<THomePage>(HOME_URL);
}
