import { Trophy } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function LeaderboardPage() {
  return (
    <NotOpenYetPage
      pageTitle="Leaderboard"
      area="The leaderboard"
      description="It will rank members by the points they earn for reports, votes, reactions and referrals, by week, month and all time."
      icon={Trophy}
    />
  );
}
