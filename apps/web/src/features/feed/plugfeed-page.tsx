import { FEED_SORTS, M, type TFeedSort, type TFeedTab } from "@plugs/domain";
import { useQueryClient } from "@tanstack/react-query";
import { PenSquare, RefreshCw, X } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { fieldClasses } from "../../components/ui/input.tsx";
import { PageSpinner, Spinner } from "../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { cn } from "../../lib/cn.ts";
import { lazyNamed } from "../../lib/lazy-named.ts";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { useSession } from "../auth/session.ts";
import { postKeys, useFeed } from "../posts/queries.ts";
import { usePageTitle } from "../site/queries.ts";
import { FeedList } from "./feed-list.tsx";
import { FeedSidePanel } from "./feed-side-panel.tsx";

// The Communities tab and the post composer are opened by a click, so their code (communities, members, the forms
// and their schemas) is not part of the feed's first load.
const CommunitiesTab = lazyNamed(() => import("../communities/communities-tab.tsx"), "CommunitiesTab");
const CreatePostForm = lazyNamed(() => import("../posts/composer/create-post-form.tsx"), "CreatePostForm");

type TTab = TFeedTab | "communities";
const TABS: { value: TTab; label: string }[] = [
  { value: "all", label: "For You" },
  { value: "following", label: "Following" },
  { value: "communities", label: "Communities" },
];
const SORT_LABELS: Record<TFeedSort, string> = { newest: "Newest First", popular: "Most Popular" };

function tabOf(value: string | null): TTab {
  return TABS.some((t) => t.value === value) ? (value as TTab) : "all";
}

export default function PlugFeedPage() {
  usePageTitle("PlugFeed");
  const { session } = useSession();
  const queryClient = useQueryClient();
  const requireAuth = useRequireAuth();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("tab"));
  const [sort, setSort] = useState<TFeedSort>("newest");
  const [composing, setComposing] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const feedTab: TFeedTab = tab === "communities" ? "all" : tab;
  const feed = useFeed(feedTab, sort, tab !== "communities");

  // Spec: leaving the Communities tab refetches the feed.
  const previousTab = useRef(tab);
  useEffect(() => {
    if (previousTab.current === "communities" && tab !== "communities") {
      void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
    }
    previousTab.current = tab;
  }, [tab, queryClient]);

  const refresh = async () => {
    setRefreshing(true);
    const result = await feed.refetch();
    setRefreshing(false);
    if (result.isError) toast.error("Failed to refresh feed");
    else toast.success("Feed refreshed");
  };

  const changeTab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === "all") next.delete("tab");
    else next.set("tab", value);
    if (value !== "communities") next.delete("community");
    setParams(next, { replace: true });
  };

  return (
    <div className={PAGE_WIDTH.wide}>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">PlugFeed</h1>
        <Button
          variant="secondary"
          onClick={() => void refresh()}
          disabled={refreshing || feed.isPending || tab === "communities"}
          aria-busy={refreshing || undefined}
        >
          <RefreshCw className={cn(refreshing && "animate-spin")} aria-hidden /> Refresh
        </Button>
      </div>

      <Tabs value={tab} onValueChange={changeTab} className="mt-6">
        <TabsList aria-label="Feed" className="w-full sm:w-auto">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="flex-1 sm:flex-none">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>

        {TABS.filter((t) => t.value !== "communities").map((t) => (
          <TabsContent key={t.value} value={t.value} className="mt-5 focus-visible:outline-none">
            <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
              <div className="flex min-w-0 flex-col gap-4">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <label className="flex items-center gap-2 text-sm">
                    <span className="text-muted">Sort</span>
                    <select
                      value={sort}
                      onChange={(event) => setSort(event.target.value as TFeedSort)}
                      className={cn(fieldClasses, "h-9 w-auto cursor-pointer pr-8")}
                    >
                      {FEED_SORTS.map((s) => (
                        <option key={s} value={s}>
                          {SORT_LABELS[s]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <Button
                    variant={composing ? "secondary" : "primary"}
                    aria-expanded={composing}
                    onClick={() =>
                      composing
                        ? setComposing(false)
                        : requireAuth(M.posts.signInToCreate, () => setComposing(true))
                    }
                  >
                    {composing ? (
                      <>
                        <X aria-hidden /> Cancel
                      </>
                    ) : (
                      <>
                        <PenSquare aria-hidden /> Make a Post
                      </>
                    )}
                  </Button>
                </div>
                {composing && session ? (
                  <section
                    aria-label="New post"
                    className="rounded-2xl border border-border bg-surface p-4 sm:p-5"
                  >
                    <Suspense
                      fallback={
                        <div className="flex h-40 items-center justify-center text-accent">
                          <Spinner className="size-6" label="Loading" />
                        </div>
                      }
                    >
                      <CreatePostForm
                        autoFocus
                        createdMessage={M.posts.createdBrief}
                        onCreated={() => setComposing(false)}
                      />
                    </Suspense>
                  </section>
                ) : null}
                <FeedList tab={feedTab} sort={sort} signedIn={Boolean(session)} />
              </div>
              <div className="hidden lg:block">
                <FeedSidePanel signedIn={Boolean(session)} />
              </div>
            </div>
          </TabsContent>
        ))}
        <TabsContent value="communities" className="mt-5 focus-visible:outline-none">
          <Suspense fallback={<PageSpinner />}>
            <CommunitiesTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
