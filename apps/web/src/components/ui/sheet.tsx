import * as Primitive from "@radix-ui/react-dialog";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";
import { CloseButton, DialogOverlay } from "./dialog.tsx";

/** A side panel (or bottom sheet on phones): a modal dialog that slides in from an edge. */
export const Sheet = Primitive.Root;
export const SheetTrigger = Primitive.Trigger;
export const SheetClose = Primitive.Close;

const SIDES = {
  right:
    "inset-y-0 right-0 h-dvh w-[min(22rem,88vw)] border-l data-[state=open]:animate-sheet-in-right data-[state=closed]:animate-sheet-out-right",
  left: "inset-y-0 left-0 h-dvh w-[min(22rem,88vw)] border-r data-[state=open]:animate-sheet-in-left data-[state=closed]:animate-sheet-out-left",
  bottom:
    "inset-x-0 bottom-0 max-h-[85dvh] rounded-t-2xl border-t data-[state=open]:animate-sheet-in-bottom data-[state=closed]:animate-sheet-out-bottom",
} as const;

export function SheetContent({
  side = "right",
  title,
  description,
  className,
  children,
  ...props
}: ComponentProps<typeof Primitive.Content> & {
  side?: keyof typeof SIDES;
  /** The panel's heading, announced by screen readers. */
  title: string;
  description?: string;
}) {
  return (
    <Primitive.Portal>
      <DialogOverlay />
      <Primitive.Content
        // Without a description, say so explicitly (Radix warns about a dangling aria-describedby otherwise).
        {...(description ? {} : { "aria-describedby": undefined })}
        className={cn(
          "fixed z-50 flex flex-col border-border bg-surface text-foreground shadow-panel motion-reduce:animate-none",
          SIDES[side],
          className,
        )}
        {...props}
      >
        <div className="flex items-center justify-between gap-4 border-b border-border px-5 py-3">
          <div>
            <Primitive.Title className="text-base font-semibold">{title}</Primitive.Title>
            {description ? (
              <Primitive.Description className="text-sm text-muted">{description}</Primitive.Description>
            ) : null}
          </div>
          <CloseButton className="-mr-2" />
        </div>
        {/* min-h-0: a flex child may shrink below its content, so a long panel scrolls instead of running off
            the bottom of a short screen. */}
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain pb-[env(safe-area-inset-bottom)]">
          {children}
        </div>
      </Primitive.Content>
    </Primitive.Portal>
  );
}
