import { UserRound } from "lucide-react";
import { useParams } from "react-router";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function ProfilePage() {
  const { username = "" } = useParams();
  return (
    <NotOpenYetPage
      pageTitle={`@${username}`}
      area="Member profiles"
      plural
      description={`The page for @${username} will show their posts, points, followers and the communities they belong to.`}
      icon={UserRound}
    />
  );
}
