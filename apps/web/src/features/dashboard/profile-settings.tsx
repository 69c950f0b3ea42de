import { zodResolver } from "@hookform/resolvers/zod";
import { FILE_RULES, PROFILE_LIMITS, ZUpdateProfileRequest } from "@plugs/domain";
import { useQueryClient } from "@tanstack/react-query";
import { ImageUp, Trash2, Undo2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Link } from "react-router";
import { ImageCropDialog, type TCroppedImage } from "../../components/image-crop-dialog.tsx";
import { imageFileProblem } from "../../components/image-upload.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError, refusalMessage } from "../../lib/api.ts";
import { fileAccept } from "../../lib/file-accept.ts";
import type { TSession } from "../auth/session.ts";
import { ProfileCard, type TProfileFace } from "../profiles/profile-header.tsx";
import { profileKeys } from "../profiles/queries.ts";
import { ResendVerificationButton } from "../verification/verification.tsx";
import { useRemoveBanner, useUpdateProfile, useUploadPicture } from "./queries.ts";
import { SettingsCard } from "./settings-card.tsx";

const PROFILE_UPDATED = "Profile updated";

type TPicture = "avatar" | "banner";
/** A picture waiting for Save: a cropped one to send, or (the banner only) 'remove'. */
type TPending = { avatar: TCroppedImage | null; banner: TCroppedImage | "remove" | null };
const NOTHING_PENDING: TPending = { avatar: null, banner: null };

type TProfileForm = {
  username: string;
  displayName: string;
  bio: string;
  website: string;
  xHandle: string;
  telegram: string;
};
const FORM_FIELDS = ["username", "displayName", "bio", "website", "xHandle", "telegram"] as const;

function valuesOf(session: Pick<TSession, "profile">): TProfileForm {
  const p = session.profile;
  return {
    username: p.username,
    displayName: p.displayName ?? "",
    bio: p.bio ?? "",
    website: p.website ?? "",
    xHandle: p.xHandle ?? "",
    telegram: p.telegram ?? "",
  };
}

/** A field as the saved profile would show it: the schema's output, or null while the words are not valid. */
function previewOf(name: keyof TProfileForm, value: string): string | null {
  const parsed = ZUpdateProfileRequest.shape[name].safeParse(value);
  return parsed.success ? (parsed.data ?? null) : null;
}

/** Pending pictures own object URLs: they are released when replaced or dropped. */
function usePendingPictures() {
  const [pending, setPending] = useState<TPending>(NOTHING_PENDING);
  const urls = useRef<TPending>(NOTHING_PENDING);
  useEffect(() => {
    const before = urls.current;
    for (const picture of ["avatar", "banner"] as const) {
      const old = before[picture];
      if (old && old !== "remove" && old !== pending[picture]) URL.revokeObjectURL(old.url);
    }
    urls.current = pending;
  }, [pending]);
  useEffect(
    () => () => {
      for (const item of [urls.current.avatar, urls.current.banner]) {
        if (item && item !== "remove") URL.revokeObjectURL(item.url);
      }
    },
    [],
  );
  return [pending, setPending] as const;
}

function PictureButtons({
  picture,
  current,
  pending,
  disabled,
  onPick,
  onRemove,
  onUndo,
}: {
  picture: TPicture;
  current: string | null;
  pending: TCroppedImage | "remove" | null;
  disabled: boolean;
  onPick: (file: File | undefined) => void;
  onRemove?: () => void;
  onUndo: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const label = picture === "avatar" ? "Avatar" : "Banner";
  const shown = pending === "remove" ? null : (pending?.url ?? current);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="w-full text-sm font-medium sm:w-16">{label}</span>
      <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={disabled}>
        <ImageUp aria-hidden /> {shown ? `Change ${picture}` : `Upload ${picture}`}
      </Button>
      {onRemove && shown ? (
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
          <Trash2 aria-hidden /> Remove {picture}
        </Button>
      ) : null}
      {pending ? (
        <Button variant="ghost" size="sm" onClick={onUndo} disabled={disabled}>
          <Undo2 aria-hidden /> Undo
        </Button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={fileAccept(["image"])}
        className="sr-only"
        tabIndex={-1}
        aria-label={`${label} image`}
        onChange={(event) => {
          onPick(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
    </div>
  );
}

/**
 * The member's public face in one form with one save: banner and avatar (each cropped before it is used), username,
 * display name, bio and links, with a preview of the profile card as it will look. Save sends the pictures, then the
 * details; a refusal keeps everything not yet saved in the form.
 */
function ProfileForm({ session }: { session: TSession }) {
  const update = useUpdateProfile();
  const upload = useUploadPicture();
  const removeBanner = useRemoveBanner();
  const queryClient = useQueryClient();
  const form = useForm<TProfileForm>({
    resolver: zodResolver(ZUpdateProfileRequest) as unknown as Resolver<TProfileForm>,
    // The form's own copy: a picture saved mid-save updates the session without touching the words being saved.
    defaultValues: valuesOf(session),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [pending, setPending] = usePendingPictures();
  const [cropping, setCropping] = useState<{ picture: TPicture; file: File } | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ picture: TPicture; fraction: number } | null>(null);
  const changed = isDirty || pending.avatar !== null || pending.banner !== null;
  const values = form.watch();

  const pick = (picture: TPicture, file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    setPictureError(problem);
    if (!problem) setCropping({ picture, file });
  };

  const discard = () => {
    form.reset();
    setPending(NOTHING_PENDING);
    setPictureError(null);
  };

  const submit = form.handleSubmit(async (input) => {
    setPictureError(null);
    let uploading: TPicture | null = null;
    try {
      for (const picture of ["avatar", "banner"] as const) {
        const item = pending[picture];
        if (item === null) continue;
        uploading = picture;
        if (item === "remove") await removeBanner.mutateAsync();
        else {
          setProgress({ picture, fraction: 0 });
          await upload.mutateAsync({
            picture,
            file: item.file,
            onProgress: (fraction) => setProgress({ picture, fraction }),
          });
        }
        // Saved: a retry after a later refusal does not send it again.
        setPending((now) => ({ ...now, [picture]: null }));
      }
      uploading = null;
      setProgress(null);
      // The form starts again from what was saved (its words, no longer a change).
      if (isDirty) form.reset(valuesOf(await update.mutateAsync(input)));
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(PROFILE_UPDATED);
    } catch (err) {
      setProgress(null);
      if (err instanceof ApiError && err.fields) {
        for (const name of FORM_FIELDS) {
          const message = err.fields[name];
          if (message) form.setError(name, { message });
        }
        if (FORM_FIELDS.some((name) => err.fields?.[name])) return;
      }
      const message = refusalMessage(err, "Failed to save your profile");
      if (uploading) setPictureError(message);
      toast.error(message);
    }
  });

  const banner = pending.banner === "remove" ? null : (pending.banner?.url ?? session.profile.bannerUrl);
  const face: TProfileFace = {
    username: previewOf("username", values.username) ?? session.profile.username,
    displayName: previewOf("displayName", values.displayName),
    avatarUrl: pending.avatar?.url ?? session.profile.avatarUrl,
    bannerUrl: banner,
    isVerified: session.profile.isVerified,
    bio: previewOf("bio", values.bio),
    website: previewOf("website", values.website),
    xHandle: previewOf("xHandle", values.xHandle),
    telegram: previewOf("telegram", values.telegram),
  };
  const busy = isSubmitting;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Profile details">
      <div>
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
          {changed ? "Preview (not saved yet)" : "Preview"}
        </h3>
        <ProfileCard profile={face} headingLevel="h2" />
      </div>
      <div className="flex flex-col gap-2">
        <PictureButtons
          picture="banner"
          current={session.profile.bannerUrl}
          pending={pending.banner}
          disabled={busy}
          onPick={(file) => pick("banner", file)}
          onRemove={() =>
            setPending((now) => ({ ...now, banner: session.profile.bannerUrl ? "remove" : null }))
          }
          onUndo={() => setPending((now) => ({ ...now, banner: null }))}
        />
        <PictureButtons
          picture="avatar"
          current={session.profile.avatarUrl}
          pending={pending.avatar}
          disabled={busy}
          onPick={(file) => pick("avatar", file)}
          onUndo={() => setPending((now) => ({ ...now, avatar: null }))}
        />
        {progress ? (
          <div className="flex items-center gap-3">
            <Progress
              value={progress.fraction}
              label={`Uploading ${progress.picture}`}
              className="max-w-xs"
            />
            <span className="text-xs text-muted tabular-nums">{Math.round(progress.fraction * 100)}%</span>
          </div>
        ) : (
          <p className="text-xs text-muted">
            JPEG, PNG, GIF or WebP, up to {FILE_RULES.image.megabytes} MB. You crop each picture before it is
            used.
          </p>
        )}
        {pictureError ? (
          <p role="alert" className="text-xs font-medium text-rug">
            {pictureError}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Username"
          error={errors.username?.message}
          hint="3 to 30 letters, numbers or underscores; your profile lives at /user/your_name."
        >
          {(props) => (
            <Input {...props} {...form.register("username")} autoComplete="username" spellCheck={false} />
          )}
        </Field>
        <Field label="Display name" error={errors.displayName?.message} hint="Shown beside your username.">
          {(props) => (
            <Input
              {...props}
              {...form.register("displayName")}
              autoComplete="nickname"
              maxLength={PROFILE_LIMITS.displayNameMax + 10}
            />
          )}
        </Field>
      </div>
      <Field
        label="Bio"
        error={errors.bio?.message}
        hint={`${values.bio.length}/${PROFILE_LIMITS.bioMax} characters`}
      >
        {(props) => <Textarea {...props} {...form.register("bio")} rows={3} className="min-h-20" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Website" error={errors.website?.message}>
          {(props) => (
            <Input
              {...props}
              {...form.register("website")}
              type="url"
              inputMode="url"
              placeholder="https://"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label="X handle" error={errors.xHandle?.message}>
          {(props) => (
            <Input {...props} {...form.register("xHandle")} placeholder="@handle" spellCheck={false} />
          )}
        </Field>
        <Field label="Telegram" error={errors.telegram?.message}>
          {(props) => (
            <Input {...props} {...form.register("telegram")} placeholder="@username" spellCheck={false} />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy} busyLabel="Saving..." disabled={!changed}>
          Save changes
        </Button>
        {changed && !busy ? (
          <Button variant="ghost" onClick={discard}>
            Discard changes
          </Button>
        ) : null}
      </div>
      <ImageCropDialog
        file={cropping?.file ?? null}
        shape={cropping?.picture ?? "avatar"}
        onCancel={() => setCropping(null)}
        onApply={(cropped) => {
          const picture = cropping?.picture;
          setCropping(null);
          if (picture) setPending((now) => ({ ...now, [picture]: cropped }));
        }}
      />
    </form>
  );
}

/** The signed-in member's profile: avatar, username, display name, bio and links (the dashboard's Profile and /user/profile). */
export function ProfileSettings({ session }: { session: TSession }) {
  const { username, points } = session.profile;
  return (
    <div className="flex flex-col gap-6">
      <SettingsCard
        title="Profile"
        description={
          <>
            Shown on your posts and on your{" "}
            <Link
              to={`/user/${encodeURIComponent(username)}`}
              className="font-medium text-accent hover:underline"
            >
              public profile (@{username})
            </Link>
            .
          </>
        }
      >
        <ProfileForm session={session} />
      </SettingsCard>
      <SettingsCard title="Account" description="Your sign-in e-mail and points.">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted">Email</dt>
            <dd className="mt-0.5 font-medium break-all">{session.user.email}</dd>
            <dd className="mt-0.5 text-xs text-muted">
              {session.user.emailVerified ? "Verified" : "Not verified yet: check your inbox for the link."}
            </dd>
            {session.user.emailVerified ? null : (
              <dd className="mt-2">
                <ResendVerificationButton />
              </dd>
            )}
          </div>
          <div>
            <dt className="text-muted">Points</dt>
            <dd className="mt-0.5 font-medium tabular-nums">{points.toLocaleString()}</dd>
          </div>
        </dl>
      </SettingsCard>
    </div>
  );
}
