import { AuthPage } from "./auth-page.tsx";

export default function SignUpPage() {
  return <AuthPage view="signup" />;
}
