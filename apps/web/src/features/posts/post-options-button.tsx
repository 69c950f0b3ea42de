import { MoreHorizontal } from "lucide-react";
import type { ComponentProps } from "react";

/** The "Post options" button: the author menu's trigger, and its stand-in while the menu's code loads. */
export function PostOptionsButton(props: ComponentProps<"button">) {
  return (
    <button
      type="button"
      aria-label="Post options"
      className="-mt-1 -mr-2 inline-flex size-9 cursor-pointer items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-foreground"
      {...props}
    >
      <MoreHorizontal className="size-5" aria-hidden />
    </button>
  );
}
