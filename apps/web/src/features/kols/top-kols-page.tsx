import { Crown } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function TopKolsPage() {
  return (
    <NotOpenYetPage
      pageTitle="Top KOLs"
      area="The Top KOLs ranking"
      description="It will rank the KOLs the community trusts most, by votes and by reports that held up."
      icon={Crown}
    />
  );
}
