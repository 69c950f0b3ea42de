import { BrushCleaning } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function SweepPage() {
  return (
    <NotOpenYetPage
      pageTitle="Sweep"
      area="Sweep"
      description="It will let you close empty token accounts in your Solana wallet, reclaim their rent and earn 1000 points for each account closed."
      icon={BrushCleaning}
    />
  );
}
