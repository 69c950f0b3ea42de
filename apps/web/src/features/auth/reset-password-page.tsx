import { KeyRound } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function ResetPasswordPage() {
  return (
    <NotOpenYetPage
      pageTitle="Reset password"
      area="Password reset"
      description="The link in a password-reset e-mail will bring you here to choose a new password."
      icon={KeyRound}
    />
  );
}
