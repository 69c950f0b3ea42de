import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";

/** Sign In and Sign Up for visitors. `onNavigate` lets a menu close itself when one is chosen. */
export function AuthButtons({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <Button asChild variant="ghost" className="flex-1 lg:flex-none lg:px-3 xl:px-4">
        <Link to="/signin" onClick={onNavigate}>
          Sign In
        </Link>
      </Button>
      <Button asChild className="flex-1 lg:flex-none lg:px-3 xl:px-4">
        <Link to="/signup" onClick={onNavigate}>
          Sign Up
        </Link>
      </Button>
    </div>
  );
}
