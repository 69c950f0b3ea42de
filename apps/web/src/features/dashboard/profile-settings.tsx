import { zodResolver } from "@hookform/resolvers/zod";
import { checkFileClaim, FILE_RULES, type TUpdateProfileRequest, ZUpdateProfileRequest } from "@plugs/domain";
import { useQueryClient } from "@tanstack/react-query";
import { ImageUp, X } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { sessionKeys, type TSession } from "../auth/session.ts";
import { type TUpload, uploadAvatar, useUpdateProfile } from "./account-api.ts";
import { SettingsCard } from "./settings-card.tsx";

const AVATAR_UPDATED = "Avatar updated";
const PROFILE_UPDATED = "Profile updated";

function AvatarUploader({ session }: { session: TSession }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<TUpload | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { username, avatarUrl } = session.profile;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = file.type.startsWith("image/")
      ? checkFileClaim(file, ["image"])
      : "Please select an image file";
    setError(problem);
    if (problem) return;
    setProgress(0);
    const current = uploadAvatar(file, setProgress);
    upload.current = current;
    try {
      const me = await current.promise;
      queryClient.setQueryData(sessionKeys.me(), me);
      toast.success(AVATAR_UPDATED);
    } catch (err) {
      if (!(err instanceof DOMException && err.name === "AbortError")) {
        setError(err instanceof Error ? err.message : String(err));
      }
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar src={avatarUrl} name={username} className="size-20 text-lg" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => input.current?.click()} disabled={busy}>
            <ImageUp aria-hidden /> {avatarUrl ? "Change avatar" : "Upload avatar"}
          </Button>
          {busy ? (
            <Button variant="ghost" onClick={() => upload.current?.abort()}>
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
          aria-label="Avatar image"
          onChange={onPick}
        />
        {busy ? (
          <div className="flex items-center gap-3">
            <div
              role="progressbar"
              aria-label="Uploading avatar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-surface-2"
            >
              <div
                className="h-full rounded-full bg-accent transition-[width]"
                style={{ width: `${percent}%` }}
              />
            </div>
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
    </div>
  );
}

function UsernameForm({ session }: { session: TSession }) {
  const update = useUpdateProfile();
  const form = useForm<TUpdateProfileRequest>({
    resolver: zodResolver(ZUpdateProfileRequest),
    values: { username: session.profile.username },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success(PROFILE_UPDATED);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : String(err);
      form.setError("username", { message });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field
        label="Username"
        error={errors.username?.message}
        hint="3 to 30 letters, numbers or underscores. Your public profile lives at /user/your_name."
      >
        {(props) => (
          <Input {...props} {...form.register("username")} autoComplete="username" spellCheck={false} />
        )}
      </Field>
      <div>
        <Button type="submit" busy={isSubmitting} busyLabel="Saving..." disabled={!isDirty}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** The signed-in member's profile: avatar and username (the dashboard's Profile and /user/profile). */
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
        <div className="flex flex-col gap-6">
          <AvatarUploader session={session} />
          <UsernameForm session={session} />
        </div>
      </SettingsCard>
      <SettingsCard title="Account" description="Your sign-in e-mail and points.">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted">Email</dt>
            <dd className="mt-0.5 font-medium break-all">{session.user.email}</dd>
            <dd className="mt-0.5 text-xs text-muted">
              {session.user.emailVerified ? "Verified" : "Not verified yet: check your inbox for the link."}
            </dd>
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
