import { M, REACTION_PALETTE, type TComment } from "@plugs/domain";
import * as Popover from "@radix-ui/react-popover";
import { SmilePlus } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "../../lib/cn.ts";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { useReact } from "./queries.ts";

const LABELS = new Map<string, string>(REACTION_PALETTE.map((r) => [r.emoji, r.label]));

/** Remembers the emoji that just changed for a second, so its chip can pop. */
function usePop() {
  const [popped, setPopped] = useState<{ emoji: string; at: number } | null>(null);
  useEffect(() => {
    if (!popped) return;
    const timer = setTimeout(() => setPopped(null), 1000);
    return () => clearTimeout(timer);
  }, [popped]);
  return [popped, (emoji: string) => setPopped({ emoji, at: Date.now() })] as const;
}

/**
 * A comment's reaction chips ({emoji, count}, yours highlighted; clicking yours takes it back) and the palette of 15
 * in a popover. Picking an emoji you already used sends it anyway: the server is the one that says 'Already reacted'.
 */
export function CommentReactions({ comment, postId }: { comment: TComment; postId: string }) {
  const requireAuth = useRequireAuth();
  const react = useReact(postId);
  const [open, setOpen] = useState(false);
  const [popped, pop] = usePop();

  const send = (emoji: string, add: boolean) =>
    requireAuth(M.reactions.signIn, () => {
      pop(emoji);
      react.mutate({ comment, emoji, add });
    });

  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {comment.reactions.map((r) => {
        const mine = comment.userReactions.includes(r.emoji);
        const label = LABELS.get(r.emoji) ?? r.emoji;
        return (
          <button
            key={popped?.emoji === r.emoji ? `${r.emoji}-${popped.at}` : r.emoji}
            type="button"
            aria-pressed={mine}
            aria-label={`${label} reaction, ${r.count}${mine ? ", yours: remove" : ""}`}
            title={mine ? `Remove your ${label} reaction` : `React with ${label}`}
            onClick={() => send(r.emoji, !mine)}
            className={cn(
              "inline-flex h-7 cursor-pointer items-center gap-1 rounded-full border px-2 text-sm tabular-nums transition-colors",
              mine
                ? "border-accent/60 bg-accent-soft text-foreground"
                : "border-border bg-surface-2 text-muted hover:border-border-strong hover:text-foreground",
              popped?.emoji === r.emoji && "reaction-pop",
            )}
          >
            <span aria-hidden>{r.emoji}</span>
            <span>{r.count}</span>
          </button>
        );
      })}
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          if (!next) setOpen(false);
          else requireAuth(M.reactions.signIn, () => setOpen(true));
        }}
      >
        <Popover.Trigger
          aria-label="Add reaction"
          className="inline-flex h-7 cursor-pointer items-center rounded-full border border-dashed border-border-strong px-2 text-muted hover:text-foreground"
        >
          <SmilePlus className="size-4" aria-hidden />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            side="top"
            align="start"
            sideOffset={6}
            collisionPadding={8}
            aria-label="Reactions"
            className="z-50 grid w-[15.5rem] grid-cols-5 gap-1 rounded-xl border border-border bg-surface p-2 shadow-panel data-[state=open]:animate-pop-in motion-reduce:animate-none"
          >
            {REACTION_PALETTE.map((r) => (
              <button
                key={r.emoji}
                type="button"
                title={r.label}
                aria-label={r.label}
                onClick={() => {
                  setOpen(false);
                  send(r.emoji, true);
                }}
                className={cn(
                  "flex size-11 cursor-pointer items-center justify-center rounded-lg text-xl hover:bg-surface-2",
                  comment.userReactions.includes(r.emoji) && "bg-accent-soft",
                )}
              >
                {r.emoji}
              </button>
            ))}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
