import { ThumbsDown } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function RugsPage() {
  return (
    <NotOpenYetPage
      pageTitle="All Rugs"
      area="The rugs list"
      description="It will list the KOLs the community has called out as rugs, each with the approved reports behind the verdict."
      icon={ThumbsDown}
    />
  );
}
