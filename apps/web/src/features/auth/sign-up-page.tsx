import { UserPlus } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function SignUpPage() {
  return (
    <NotOpenYetPage
      pageTitle="Sign Up"
      area="Signing up"
      description="You will create an account here with your e-mail, a username and a password, and can bring a friend's referral code."
      icon={UserPlus}
    />
  );
}
