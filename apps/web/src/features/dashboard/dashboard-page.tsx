import { LayoutDashboard } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function DashboardPage() {
  return (
    <NotOpenYetPage
      pageTitle="Dashboard"
      area="Your dashboard"
      description="It will show your points and how you earned them, your referrals, your reports and their status."
      icon={LayoutDashboard}
    />
  );
}
