import { cn } from "../lib/cn.ts";

/**
 * A member as lists show them: the display name with the @username beside it in muted text, or the @username alone
 * when they chose no name. Each part truncates rather than wrapping, the username first.
 */
export function MemberName({
  username,
  displayName,
  className,
}: {
  username: string;
  displayName: string | null;
  className?: string;
}) {
  return (
    <span className={cn("flex min-w-0 items-baseline gap-1.5", className)}>
      {displayName ? (
        <>
          <span className="min-w-0 truncate">{displayName}</span>
          {/* The username gives way first where room is short. */}
          <span className="min-w-0 shrink-[4] truncate font-normal text-muted">@{username}</span>
        </>
      ) : (
        <span className="truncate">@{username}</span>
      )}
    </span>
  );
}
