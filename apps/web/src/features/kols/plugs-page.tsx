import { ThumbsUp } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function PlugsPage() {
  return (
    <NotOpenYetPage
      pageTitle="All Plugs"
      area="The plugs list"
      description="It will list the KOLs the community rates as plugs: the people whose calls and conduct have earned trust."
      icon={ThumbsUp}
    />
  );
}
