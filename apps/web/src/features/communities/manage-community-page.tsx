import { Settings2 } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function ManageCommunityPage() {
  return (
    <NotOpenYetPage
      pageTitle="Manage community"
      area="Community management"
      description="Community owners will edit their community's branding and rules and manage its members here."
      icon={Settings2}
    />
  );
}
