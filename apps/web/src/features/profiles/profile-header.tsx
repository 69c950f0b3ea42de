import type { TPublicProfile } from "@plugs/domain";
import { AtSign, BadgeCheck, Globe, Send } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "../../components/ui/avatar.tsx";

/** The host and path of a website link, as people write it ("example.com/about"). */
function shortUrl(url: string): string {
  return url.replace(/^https:\/\//, "").replace(/\/$/, "");
}

const LINK_CLASS =
  "inline-flex min-w-0 items-center gap-1.5 rounded text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring";

export function ProfileLinks({
  website,
  xHandle,
  telegram,
}: Pick<TPublicProfile, "website" | "xHandle" | "telegram">) {
  if (!website && !xHandle && !telegram) return null;
  const external = { target: "_blank", rel: "noopener noreferrer nofollow ugc" } as const;
  return (
    <ul aria-label="Links" className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      {website ? (
        <li className="min-w-0">
          <a href={website} {...external} className={LINK_CLASS}>
            <Globe className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{shortUrl(website)}</span>
          </a>
        </li>
      ) : null}
      {xHandle ? (
        <li>
          <a href={`https://x.com/${encodeURIComponent(xHandle)}`} {...external} className={LINK_CLASS}>
            <AtSign className="size-4 shrink-0" aria-hidden />
            <span>
              {xHandle} <span className="text-muted">on X</span>
            </span>
          </a>
        </li>
      ) : null}
      {telegram ? (
        <li>
          <a href={`https://t.me/${encodeURIComponent(telegram)}`} {...external} className={LINK_CLASS}>
            <Send className="size-4 shrink-0" aria-hidden />
            <span>
              {telegram} <span className="text-muted">on Telegram</span>
            </span>
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** What the profile's card shows of a member: the public profile, or the editor's unsaved values for its preview. */
export type TProfileFace = Pick<
  TPublicProfile,
  | "username"
  | "displayName"
  | "avatarUrl"
  | "bannerUrl"
  | "isVerified"
  | "bio"
  | "website"
  | "xHandle"
  | "telegram"
>;

/** The banner (3:1), or a quiet gradient when there is none. */
export function ProfileBanner({ src, className }: { src: string | null; className?: string }) {
  return src ? (
    <img src={src} alt="" className={`aspect-[3/1] w-full object-cover ${className ?? ""}`} />
  ) : (
    <div
      aria-hidden
      className={`aspect-[3/1] w-full bg-gradient-to-br from-accent-soft via-surface-2 to-plug-soft ${className ?? ""}`}
    />
  );
}

/**
 * The top of a public profile: banner, avatar over its edge, name, username, bio and links; `actions` (Follow, Edit
 * Profile) beside the name and `children` (points, rank, counts) under the links. The profile editor's preview draws
 * the same card from the form's values.
 */
export function ProfileCard({
  profile: p,
  actions,
  children,
  headingLevel: Heading = "h1",
}: {
  profile: TProfileFace;
  actions?: ReactNode;
  children?: ReactNode;
  headingLevel?: "h1" | "h2";
}) {
  return (
    <section className="overflow-hidden rounded-2xl border border-border bg-surface shadow-panel">
      <ProfileBanner src={p.bannerUrl} />
      <div className="px-5 pb-5 sm:px-6 sm:pb-6">
        <div className="flex items-end justify-between gap-3">
          <Avatar
            src={p.avatarUrl}
            name={p.displayName ?? p.username}
            className="-mt-8 size-16 text-lg ring-4 ring-surface sm:-mt-10 sm:size-20 sm:text-xl"
          />
          {actions ? <div className="pt-3">{actions}</div> : null}
        </div>
        <div className="mt-3 min-w-0">
          <Heading className="flex min-w-0 items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
            <span className="truncate">{p.displayName ?? `@${p.username}`}</span>
            {p.isVerified ? (
              <BadgeCheck className="size-6 shrink-0 text-accent" aria-label="Verified" />
            ) : null}
          </Heading>
          {p.displayName ? <p className="truncate text-sm text-muted">@{p.username}</p> : null}
        </div>
        {p.bio ? (
          <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-line">{p.bio}</p>
        ) : null}
        <ProfileLinks website={p.website} xHandle={p.xHandle} telegram={p.telegram} />
        {children}
      </div>
    </section>
  );
}
