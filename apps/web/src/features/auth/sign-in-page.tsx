import { LogIn } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function SignInPage() {
  return (
    <NotOpenYetPage
      pageTitle="Sign In"
      area="Signing in"
      description="You will sign in here with your e-mail and password, with two-factor codes if you turn them on."
      icon={LogIn}
    />
  );
}
