import type { TPostDetail } from "@plugs/domain";
import { LogIn, MessageCircle } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { openAuthPrompt } from "../auth/auth-prompt.ts";
import { useSession } from "../auth/session.ts";

/**
 * The post page's comments area. The comments feature fills it with the comment form and the threads; until then it
 * shows the count and, for visitors, the sign-in line. (Membership lines come with communities: a non-member of a
 * post's community cannot open the post at all today.)
 */
export function CommentsArea({ post }: { post: TPostDetail }) {
  const { session } = useSession();
  return (
    <section
      id="comments"
      aria-labelledby="comments-title"
      className="rounded-2xl border border-border bg-surface p-5"
    >
      <h2 id="comments-title" className="flex items-center gap-2 font-semibold">
        <MessageCircle className="size-4 text-accent" aria-hidden /> Comments ({post.commentsCount})
      </h2>
      {session ? (
        <p className="mt-3 text-sm text-muted">
          Commenting isn't open yet; it arrives with the comments feature.
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">Sign in to join the conversation</p>
          <Button
            size="sm"
            onClick={() => openAuthPrompt({ view: "signin", reason: "Sign in to add a comment" })}
          >
            <LogIn aria-hidden /> Sign In
          </Button>
        </div>
      )}
    </section>
  );
}
