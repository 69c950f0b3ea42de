import { BadgeCheck } from "lucide-react";
import { useParams } from "react-router";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function KolPage() {
  const { handle = "" } = useParams();
  return (
    <NotOpenYetPage
      pageTitle={`@${handle}`}
      area="KOL profiles"
      plural
      description={`The page for @${handle} will show their plug and rug votes, the reports filed about them and what the community says.`}
      icon={BadgeCheck}
    />
  );
}
