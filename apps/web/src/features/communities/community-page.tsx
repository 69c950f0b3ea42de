import { UsersRound } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function CommunityPage() {
  return (
    <NotOpenYetPage
      pageTitle="Communities"
      area="Communities"
      plural
      description="A community will have its own feed, rules and members, and you will join it to post."
      icon={UsersRound}
    />
  );
}
