import { M, type TKolDetail, type TVote } from "@plugs/domain";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import { toast } from "../../components/ui/toaster.tsx";
import { cn } from "../../lib/cn.ts";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { useVote } from "./queries.ts";

/**
 * Plug and Rug buttons. The viewer's vote is pressed; pressing it again withdraws it, pressing the other changes it.
 * Visitors get the sign-in prompt, and their vote is cast once they have signed in.
 */
export function VoteButtons({ detail }: { detail: TKolDetail }) {
  const requireAuth = useRequireAuth();
  const vote = useVote(detail.kol.handle);
  const cast = (verdict: TVote) =>
    requireAuth(M.kols.signInToVote, () => {
      const next = detail.myVote === verdict ? null : verdict;
      vote.mutate(next, {
        onSuccess: () => toast.success(next ? M.kols.voted(next) : M.kols.voteWithdrawn),
        onError: (err) => toast.error(err.message || M.kols.voteFailed),
      });
    });
  const button = (verdict: TVote) => {
    const pressed = detail.myVote === verdict;
    const Icon = verdict === "plug" ? ThumbsUp : ThumbsDown;
    return (
      <button
        type="button"
        aria-pressed={pressed}
        disabled={vote.isPending}
        onClick={() => cast(verdict)}
        className={cn(
          "inline-flex h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl border text-sm font-semibold transition-colors disabled:cursor-wait disabled:opacity-70",
          verdict === "plug"
            ? pressed
              ? "border-plug bg-plug text-background"
              : "border-plug/40 bg-plug-soft text-plug hover:border-plug"
            : pressed
              ? "border-rug bg-rug text-background"
              : "border-rug/40 bg-rug-soft text-rug hover:border-rug",
        )}
      >
        <Icon className="size-4" aria-hidden />
        {verdict === "plug" ? "Plug" : "Rug"}
      </button>
    );
  };
  return (
    <div>
      <p className="mb-2 text-sm font-medium">Your verdict</p>
      <div className="flex gap-2">
        {button("plug")}
        {button("rug")}
      </div>
      <p className="mt-2 text-xs text-muted">
        {detail.myVote
          ? `You voted ${detail.myVote}. Press it again to withdraw, or the other to change it.`
          : "One vote per KOL. You can change it later."}
      </p>
    </div>
  );
}
