import { DEFAULT_SITE } from "@plugs/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { fetchSite, type TSite } from "./api.ts";

export const siteKeys = {
  all: ["site"] as const,
  settings: () => [...siteKeys.all, "settings"] as const,
};

/**
 * The site settings (spec: fresh for 5 minutes, kept for an hour). A signed-in tab reads them again when an admin
 * saves them (the `site` event, use-event-stream.ts); any tab, a visitor's too, reads them again when it comes back
 * into view (one small request), so a change shows the next time someone looks.
 */
export function useSite(): TSite {
  const { data } = useQuery({
    queryKey: siteKeys.settings(),
    queryFn: fetchSite,
    staleTime: 5 * 60_000,
    gcTime: 60 * 60_000,
    refetchOnWindowFocus: "always",
  });
  // Until GET /api/site answers (and if it cannot), the defaults.
  return data ?? DEFAULT_SITE;
}

/** Sets the tab title: "FAQ · Plugs & Rugs", or just the site name when `title` is omitted. */
export function usePageTitle(title?: string) {
  const { siteName } = useSite();
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}
