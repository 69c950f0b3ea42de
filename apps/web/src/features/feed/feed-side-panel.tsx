import { LayoutList, LogIn, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { openAuthPrompt } from "../auth/auth-prompt.ts";

/** PlugFeed's right-hand panel on desktop: what the feed is, where else to read, and a way in for visitors. */
export function FeedSidePanel({ signedIn }: { signedIn: boolean }) {
  return (
    <aside aria-label="About PlugFeed" className="flex flex-col gap-4">
      <section className="rounded-2xl border border-border bg-surface p-5">
        <h2 className="flex items-center gap-2 font-semibold">
          <Sparkles className="size-4 text-accent" aria-hidden /> About PlugFeed
        </h2>
        <p className="mt-2 text-sm text-muted">
          The community's live feed. For You shows everything you can see; Following shows the people you
          follow. Most Popular ranks by likes, then comments.
        </p>
        <Link
          to="/posts"
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:underline"
        >
          <LayoutList className="size-4" aria-hidden /> Browse Community Posts
        </Link>
      </section>
      {signedIn ? null : (
        <section className="rounded-2xl border border-accent/30 bg-accent-soft p-5">
          <h2 className="font-semibold">Join the conversation</h2>
          <p className="mt-2 text-sm text-muted">
            Sign in to post, like, share and follow the people you trust.
          </p>
          <Button className="mt-4 w-full" onClick={() => openAuthPrompt({ view: "signin" })}>
            <LogIn aria-hidden /> Sign In
          </Button>
        </section>
      )}
    </aside>
  );
}
