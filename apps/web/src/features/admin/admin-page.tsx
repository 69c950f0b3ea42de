import { ShieldCheck } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function AdminPage() {
  return (
    <NotOpenYetPage
      pageTitle="Admin Dashboard"
      area="The admin dashboard"
      description="It will hold the tools admins use: reviewing reports, moderating posts and comments, and airdropping points."
      icon={ShieldCheck}
    />
  );
}
