import { Mail } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function ContactPage() {
  return (
    <NotOpenYetPage
      pageTitle="Contact"
      area="The contact form"
      description="It will let you reach the team about your account, a report or a partnership."
      icon={Mail}
    />
  );
}
