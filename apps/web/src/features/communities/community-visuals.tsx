import { Avatar } from "../../components/ui/avatar.tsx";
import { cn } from "../../lib/cn.ts";

/** A community's avatar: its image, or the first letters of its first two words while loading or without one. */
export function CommunityAvatar({
  src,
  name,
  className,
}: {
  src: string | null;
  name: string;
  className?: string;
}) {
  return <Avatar src={src} name={name} kind="community" className={className} />;
}

/** A community's banner at 3:1 (the ratio it is made for); a soft accent wash when there is none. */
export function CommunityBanner({ src, className }: { src: string | null; className?: string }) {
  return (
    <div
      className={cn(
        "aspect-[3/1] w-full overflow-hidden bg-gradient-to-br from-accent-soft via-surface-2 to-surface",
        className,
      )}
    >
      {src ? <img src={src} alt="" loading="lazy" className="size-full object-cover" /> : null}
    </div>
  );
}
