import { checkFileClaim, FILE_RULES, type TBrandingType, type TCommunityDetail } from "@plugs/domain";
import { ImageUp, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { UploadCancelled } from "../../lib/upload.ts";
import { communityErrorMessage, useUploadBranding } from "./api.ts";
import { CommunityAvatar, CommunityBanner } from "./community-visuals.tsx";

const LABELS: Record<TBrandingType, { title: string; done: string }> = {
  avatar: { title: "Avatar", done: "Community avatar updated" },
  banner: { title: "Banner", done: "Community banner updated" },
};

/**
 * Replaces one branding image: pick a file (checked here by type and size, on the server by its bytes), watch it
 * go up with a progress bar (Cancel stops it), and the community shows the new version. The picked file is
 * previewed in its final shape while it uploads.
 */
function BrandingSlot({ community, type }: { community: TCommunityDetail; type: TBrandingType }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const upload = useUploadBranding(community.id);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = (picked: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!picked) return;
    const problem = checkFileClaim(picked, ["image"]);
    setError(problem);
    if (problem) return;
    const controller = new AbortController();
    abort.current = controller;
    setFile(picked);
    setProgress(0);
    upload.mutate(
      { type, file: picked, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: () => toast.success(LABELS[type].done),
        onError: (err) => {
          if (!(err instanceof UploadCancelled))
            setError(communityErrorMessage(err, "Failed to upload image"));
        },
        onSettled: () => {
          abort.current = null;
          setFile(null);
        },
      },
    );
  };

  const busy = file !== null;
  const percent = Math.round(progress * 100);
  const { title } = LABELS[type];
  const src = preview ?? (type === "avatar" ? community.avatarUrl : community.bannerUrl);

  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold" id={`${id}-title`}>
        {title}
        {type === "banner" ? <span className="ml-1.5 font-normal text-muted">(shown at 3:1)</span> : null}
      </h3>
      {type === "avatar" ? (
        <CommunityAvatar src={src} name={community.name} className="size-24 text-2xl" />
      ) : (
        <CommunityBanner src={src} className="rounded-xl border border-border" />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={busy}>
          <ImageUp aria-hidden /> Change {type}
        </Button>
        {busy ? (
          <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
            <X aria-hidden /> Cancel
          </Button>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept={FILE_RULES.image.mimes.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-label={`${title} image`}
        onChange={(event) => pick(event.target.files?.[0])}
      />
      {busy ? (
        <div className="flex items-center gap-3">
          <Progress value={progress} label={`Uploading ${type}`} className="max-w-xs" />
          <span className="text-xs text-muted tabular-nums">{percent}%</span>
        </div>
      ) : (
        <p className="text-xs text-muted">JPEG, PNG, GIF or WebP, up to {FILE_RULES.image.megabytes} MB.</p>
      )}
      {error ? (
        <p role="alert" className="text-xs font-medium text-rug">
          {error}
        </p>
      ) : null}
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
