import * as Primitive from "@radix-ui/react-avatar";
import { cn } from "../../lib/cn.ts";

/** A round picture with the name's initials while it loads or when there is none. */
export function Avatar({ src, name, className }: { src?: string | null; name: string; className?: string }) {
  const initials =
    name
      .replace(/[^a-z0-9]/gi, "")
      .slice(0, 2)
      .toUpperCase() || "?";
  return (
    <Primitive.Root
      className={cn(
        "inline-flex size-9 shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-accent-soft align-middle",
        className,
      )}
    >
      {src ? <Primitive.Image src={src} alt="" className="size-full object-cover" /> : null}
      <Primitive.Fallback className="text-xs font-semibold text-accent" delayMs={src ? 400 : 0}>
        {initials}
      </Primitive.Fallback>
    </Primitive.Root>
  );
}
