import { zodResolver } from "@hookform/resolvers/zod";
import { PROFILE_LIMITS, ZUpdateProfileRequest } from "@plugs/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type Resolver, useForm } from "react-hook-form";
import { Link } from "react-router";
import { ImageUploadControls, useImageUpload } from "../../components/image-upload.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import type { TSession } from "../auth/session.ts";
import { profileKeys } from "../profiles/queries.ts";
import { ResendVerificationButton } from "../verification/verification.tsx";
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

type TProfileForm = {
  username: string;
  displayName: string;
  bio: string;
  website: string;
  xHandle: string;
  telegram: string;
};
const FORM_FIELDS = ["username", "displayName", "bio", "website", "xHandle", "telegram"] as const;

function valuesOf(session: TSession): TProfileForm {
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

/** Username, display name, bio and links, saved at once (the server checks them with the same schema). */
function ProfileForm({ session }: { session: TSession }) {
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const form = useForm<TProfileForm>({
    resolver: zodResolver(ZUpdateProfileRequest) as unknown as Resolver<TProfileForm>,
    values: valuesOf(session),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const bioLength = form.watch("bio").length;
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(PROFILE_UPDATED);
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        for (const name of FORM_FIELDS) {
          const message = err.fields[name];
          if (message) form.setError(name, { message });
        }
        if (FORM_FIELDS.some((name) => err.fields?.[name])) return;
      }
      toast.error(err instanceof ApiError ? err.message : String(err));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Profile details">
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
        hint={`${bioLength}/${PROFILE_LIMITS.bioMax} characters`}
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
      <div>
        <Button type="submit" busy={isSubmitting} busyLabel="Saving..." disabled={!isDirty}>
          Save changes
        </Button>
      </div>
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
        <div className="flex flex-col gap-6">
          <AvatarUploader session={session} />
          <ProfileForm session={session} />
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
