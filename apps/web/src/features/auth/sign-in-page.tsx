import { AuthPage } from "./auth-page.tsx";

export default function SignInPage() {
  return <AuthPage view="signin" />;
}
