import { Gift } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function RewardsPage() {
  return (
    <NotOpenYetPage
      pageTitle="Rewards"
      area="Rewards"
      plural
      description="Giveaways you can enter with the points you earn on the site will be listed here."
      icon={Gift}
    />
  );
}
