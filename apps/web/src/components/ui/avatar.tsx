import { communityInitials } from "@plugs/domain";
import * as Primitive from "@radix-ui/react-avatar";
import { cn } from "../../lib/cn.ts";

const KINDS = {
  /** A member or KOL: round, with the name's first two letters. */
  person: {
    size: "size-9",
    root: "rounded-full align-middle",
    fallback: "text-xs font-semibold",
    initials: (name: string) =>
      name
        .replace(/[^a-z0-9]/gi, "")
        .slice(0, 2)
        .toUpperCase(),
  },
  /** A community: a rounded square, with the first letters of its first two words at the root's text size. */
  community: {
    size: "size-12",
    root: "rounded-xl border-2 border-surface",
    fallback: "font-bold",
    initials: communityInitials,
  },
} as const;

/**
 * A picture with initials while it loads or when there is none. A `size-*` in `className` replaces the kind's default
 * size (both together would be settled by stylesheet order, where size-9 beats size-8).
 */
export function Avatar({
  src,
  name,
  kind = "person",
  className,
}: {
  src?: string | null;
  name: string;
  kind?: keyof typeof KINDS;
  className?: string;
}) {
  const look = KINDS[kind];
  const sized = /(^|\s)size-/.test(className ?? "");
  return (
    <Primitive.Root
      className={cn(
        "inline-flex shrink-0 select-none items-center justify-center overflow-hidden bg-accent-soft",
        look.root,
        sized ? null : look.size,
        className,
      )}
    >
      {src ? <Primitive.Image src={src} alt="" className="size-full object-cover" /> : null}
      {/* Decorative: a name is always beside the avatar or in its control's label. */}
      <Primitive.Fallback aria-hidden className={cn("text-accent", look.fallback)} delayMs={src ? 400 : 0}>
        {look.initials(name) || "?"}
      </Primitive.Fallback>
    </Primitive.Root>
  );
}
