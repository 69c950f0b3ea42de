import { Users } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function KolsPage() {
  return (
    <NotOpenYetPage
      pageTitle="All KOLs"
      area="The KOL directory"
      description="It will list every key opinion leader we track, with the community's plug and rug votes, searchable by name or handle."
      icon={Users}
    />
  );
}
