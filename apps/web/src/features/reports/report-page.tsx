import { Flag } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function ReportPage() {
  return (
    <NotOpenYetPage
      pageTitle="Report a KOL"
      area="Reporting"
      description="Here you will report a KOL who rugged, with screenshots, links and on-chain evidence, and earn points when moderators approve the report."
      icon={Flag}
    />
  );
}
