import { UserPen } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function EditProfilePage() {
  return (
    <NotOpenYetPage
      pageTitle="Edit profile"
      area="Profile editing"
      description="Here you will change your username, avatar and bio."
      icon={UserPen}
    />
  );
}
