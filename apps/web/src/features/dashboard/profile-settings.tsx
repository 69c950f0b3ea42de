import { zodResolver } from "@hookform/resolvers/zod";
import { type TUpdateProfileRequest, ZUpdateProfileRequest } from "@plugs/domain";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ImageUploadControls, useImageUpload } from "../../components/image-upload.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import type { TSession } from "../auth/session.ts";
import { useUpdateProfile, useUploadAvatar } from "./queries.ts";
import { SettingsCard } from "./settings-card.tsx";

const AVATAR_UPDATED = "Avatar updated";
const PROFILE_UPDATED = "Profile updated";

function AvatarUploader({ session }: { session: TSession }) {
  const avatar = useUploadAvatar();
  const upload = useImageUpload({
    send: (file, options) => avatar.mutateAsync({ file, ...options }),
    done: AVATAR_UPDATED,
  });
  const { username, avatarUrl } = session.profile;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar src={avatarUrl} name={username} className="size-20 text-lg" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <ImageUploadControls
          upload={upload}
          name="avatar"
          action={avatarUrl ? "Change avatar" : "Upload avatar"}
        />
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
