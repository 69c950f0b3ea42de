import { M, postShareText, type TPost } from "@plugs/domain";
import { Heart, MessageCircle, Share2 } from "lucide-react";
import { Link } from "react-router";
import { toast } from "../../components/ui/toaster.tsx";
import { cn } from "../../lib/cn.ts";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { useToggleLike } from "./queries.ts";

const action =
  "inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-foreground [&_svg]:size-[18px]";

export function postUrl(id: string): string {
  return `${window.location.origin}/posts/${id}`;
}

/** The system share sheet with the post's first 100 characters; without one, the link goes to the clipboard. */
async function sharePost(post: TPost) {
  const url = postUrl(post.id);
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ text: postShareText(post.content), url });
      return;
    } catch (err) {
      // Closing the sheet is a choice, not a failure.
      if ((err as Error).name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(M.posts.linkCopied);
  } catch {
    toast.error(`Could not copy the link: ${url}`);
  }
}

/** Like (optimistic), comments (to the post's page) and share. */
export function PostActions({ post }: { post: TPost }) {
  const requireAuth = useRequireAuth();
  const like = useToggleLike();
  const onLike = () =>
    requireAuth(M.posts.signInToLike, () => {
      if (!like.isPending) like.mutate({ post, like: !post.likedByMe });
    });
  return (
    <div className="mt-3 flex items-center gap-1 border-t border-border pt-2 -mx-1">
      <button
        type="button"
        onClick={onLike}
        aria-pressed={post.likedByMe}
        // The visible count is part of the name (WCAG 2.5.3: a name in parentheses does not count).
        aria-label={`${post.likedByMe ? "Unlike" : "Like"}, ${post.likesCount} ${post.likesCount === 1 ? "like" : "likes"}`}
        className={cn(action, post.likedByMe && "text-rug hover:text-rug")}
      >
        <Heart className={cn(post.likedByMe && "fill-current")} aria-hidden />
        <span className="tabular-nums">{post.likesCount}</span>
      </button>
      <Link
        to={`/posts/${post.id}#comments`}
        className={action}
        aria-label={`${post.commentsCount} ${post.commentsCount === 1 ? "comment" : "comments"}`}
      >
        <MessageCircle aria-hidden />
        <span className="tabular-nums">{post.commentsCount}</span>
      </Link>
      <button type="button" onClick={() => void sharePost(post)} className={cn(action, "ml-auto")}>
        <Share2 aria-hidden />
        Share
      </button>
    </div>
  );
}
