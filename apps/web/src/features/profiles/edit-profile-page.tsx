import { PAGE_WIDTH } from "../../components/page-width.ts";
import { RequireSession } from "../auth/require-session.tsx";
import { ProfileSettings } from "../dashboard/profile-settings.tsx";
import { usePageTitle } from "../site/queries.ts";

/** /user/profile: the same profile settings as the dashboard's Profile section, on a page of its own. */
export default function EditProfilePage() {
  usePageTitle("Edit profile");
  return (
    <RequireSession reason="Sign in to edit your profile" title="Edit profile">
      {(session) => (
        <div className={PAGE_WIDTH.reading}>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Edit profile</h1>
          <div className="mt-6">
            <ProfileSettings session={session} />
          </div>
        </div>
      )}
    </RequireSession>
  );
}
