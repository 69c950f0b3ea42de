import * as Primitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

/**
 * A modal dialog: focus is trapped inside, Escape or the close button closes it, and focus returns to whatever
 * opened it. Every dialog needs a DialogTitle (screen readers announce it).
 */
export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof Primitive.Overlay>) {
  return (
    <Primitive.Overlay
      className={cn(
        "fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px]",
        "data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out motion-reduce:animate-none",
        className,
      )}
      {...props}
    />
  );
}

/** The close button in a dialog's or sheet's corner. */
export function CloseButton({ className }: { className?: string }) {
  return (
    <Primitive.Close
      aria-label="Close"
      className={cn(
        "inline-flex size-9 cursor-pointer items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-foreground",
        className,
      )}
    >
      <X className="size-5" aria-hidden />
    </Primitive.Close>
  );
}

export function DialogContent({
  className,
  children,
  hideClose = false,
  ...props
}: ComponentProps<typeof Primitive.Content> & { hideClose?: boolean }) {
  return (
    <Primitive.Portal>
      <DialogOverlay />
      <Primitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto",
          "rounded-2xl border border-border bg-surface p-6 text-foreground shadow-panel",
          "data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out motion-reduce:animate-none",
          className,
        )}
        {...props}
      >
        {children}
        {hideClose ? null : <CloseButton className="absolute top-3 right-3" />}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

/**
 * A form dialog's actions, the last thing in its content: kept in view at the dialog's bottom edge while a long body
 * scrolls under them (the content is the scroller; -bottom-6 and -mx-6/-mb-6 undo its padding).
 */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "sticky -bottom-6 z-10 -mx-6 mt-2 -mb-6 flex flex-col-reverse gap-2 rounded-b-2xl border-t border-border bg-surface px-6 py-4 sm:flex-row sm:justify-end",
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={cn("pr-8 text-lg font-semibold", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof Primitive.Description>) {
  return <Primitive.Description className={cn("mt-1.5 text-sm text-muted", className)} {...props} />;
}
