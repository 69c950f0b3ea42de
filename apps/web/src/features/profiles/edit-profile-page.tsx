import { RequireSession } from "../auth/require-session.tsx";
import { ProfileSettings } from "../dashboard/profile-settings.tsx";
import { usePageTitle } from "../site/queries.ts";

/** /user/profile: the same profile settings as the dashboard's Profile section, on a page of its own. */
export default function EditProfilePage() {
  usePageTitle("Edit profile");
  return (
    <RequireSession reason="Sign in to edit your profile" title="Edit profile">
      {(session) => (
        <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Edit profile</h1>
          <div className="mt-6">
            <ProfileSettings session={session} />
          </div>
        </div>
      )}
    </RequireSession>
  );
}
