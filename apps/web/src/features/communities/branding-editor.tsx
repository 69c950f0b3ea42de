import type { TBrandingType, TCommunityDetail } from "@plugs/domain";
import { ImageUploadControls, useImageUpload } from "../../components/image-upload.tsx";
import { CommunityAvatar, CommunityBanner } from "./community-visuals.tsx";
import { useUploadBranding } from "./queries.ts";

const LABELS: Record<TBrandingType, { title: string; done: string }> = {
  avatar: { title: "Avatar", done: "Community avatar updated" },
  banner: { title: "Banner", done: "Community banner updated" },
};

/**
 * Replaces one branding image: pick a file, watch it go up (Cancel stops it), and the community shows the new
 * version. The picked file is previewed in its final shape while it uploads.
 */
function BrandingSlot({ community, type }: { community: TCommunityDetail; type: TBrandingType }) {
  const branding = useUploadBranding(community.id);
  const upload = useImageUpload({
    send: (file, options) => branding.mutateAsync({ type, file, ...options }),
    done: LABELS[type].done,
  });
  const src = upload.preview ?? (type === "avatar" ? community.avatarUrl : community.bannerUrl);

  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold">
        {LABELS[type].title}
        {type === "banner" ? <span className="ml-1.5 font-normal text-muted">(shown at 3:1)</span> : null}
      </h3>
      {type === "avatar" ? (
        <CommunityAvatar src={src} name={community.name} className="size-24 text-2xl" />
      ) : (
        <CommunityBanner src={src} className="rounded-xl border border-border" />
      )}
      <ImageUploadControls upload={upload} name={type} action={`Change ${type}`} size="sm" />
    </div>
  );
}

/** The avatar and banner of a community, each replaced on its own (a new active version on the server). */
export function BrandingEditor({ community }: { community: TCommunityDetail }) {
  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr]">
      <BrandingSlot community={community} type="avatar" />
      <BrandingSlot community={community} type="banner" />
    </div>
  );
}
