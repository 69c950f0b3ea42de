import * as Primitive from "@radix-ui/react-checkbox";
import { Check } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

/** A checkbox (Radix): Space toggles it, and it is labelled by a <label htmlFor> beside it. */
export function Checkbox({ className, ...props }: ComponentProps<typeof Primitive.Root>) {
  return (
    <Primitive.Root
      className={cn(
        "peer inline-flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-md border border-border-strong bg-background",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/50",
        "data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-accent-foreground",
        "aria-invalid:border-rug disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    >
      <Primitive.Indicator>
        <Check className="size-3.5" strokeWidth={3} aria-hidden />
      </Primitive.Indicator>
    </Primitive.Root>
  );
}
