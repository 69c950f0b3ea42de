import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

/** The look shared by text inputs, text areas and selects; red border when `aria-invalid`. */
export const fieldClasses = cn(
  "w-full rounded-lg border border-border bg-background px-3 text-sm text-foreground placeholder:text-muted",
  "transition-colors hover:border-border-strong focus-visible:border-accent focus-visible:outline-none",
  "focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60",
  "aria-invalid:border-rug aria-invalid:focus-visible:ring-rug/30",
);

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClasses, "h-10", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea className={cn(fieldClasses, "min-h-24 resize-y py-2 leading-relaxed", className)} {...props} />
  );
}
