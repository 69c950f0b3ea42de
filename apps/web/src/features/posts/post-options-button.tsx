import { MoreHorizontal } from "lucide-react";
import type { ComponentProps } from "react";

/** The "Post options" button: the author menu's trigger, and its stand-in (disabled, so no click is lost) while the
 * menu's code loads. */
export function PostOptionsButton(props: ComponentProps<"button">) {
  return (
    <button
      type="button"
      aria-label="Post options"
      className="-mt-1 -mr-2 inline-flex size-9 cursor-pointer items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-foreground disabled:cursor-progress disabled:opacity-60"
      {...props}
    >
      <MoreHorizontal className="size-5" aria-hidden />
    </button>
  );
}
