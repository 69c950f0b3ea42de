import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { openAuthPrompt } from "./auth-prompt.ts";

/**
 * Sign In and Sign Up for visitors: each opens the auth modal on its tab (the /signin and /signup pages stay for
 * links from outside). `onNavigate` lets a menu close itself when one is chosen.
 */
export function AuthButtons({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const open = (view: "signin" | "signup") => {
    onNavigate?.();
    openAuthPrompt({ view });
  };
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <Button variant="ghost" className="flex-1 lg:flex-none lg:px-3 xl:px-4" onClick={() => open("signin")}>
        Sign In
      </Button>
      <Button className="flex-1 lg:flex-none lg:px-3 xl:px-4" onClick={() => open("signup")}>
        Sign Up
      </Button>
    </div>
  );
}
