import { LayoutDashboard, LogOut, ShieldCheck, UserRound } from "lucide-react";
import { Link } from "react-router";
import { Avatar } from "../../components/ui/avatar.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { type TSession, useSignOut } from "./session.ts";

/** The signed-in user's avatar menu: Public Profile, Dashboard, Admin Dashboard (admins only), Sign Out. */
export function UserMenu({ session }: { session: TSession }) {
  const signOut = useSignOut();
  const { username, avatarUrl, points } = session.profile;
  return (
    <DropdownMenu>
      {/* Named by hidden text rather than aria-label, which would not include the avatar's visible initials. */}
      <DropdownMenuTrigger className="cursor-pointer rounded-full ring-offset-2 ring-offset-background hover:ring-2 hover:ring-border-strong">
        <span className="sr-only">Account menu</span>
        <Avatar src={avatarUrl} name={username} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate text-sm font-semibold text-foreground">
            {session.profile.displayName ?? `@${username}`}
          </span>
          <span className="block truncate">
            {session.profile.displayName ? `@${username} · ` : ""}
            {points.toLocaleString()} points
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={`/user/${encodeURIComponent(username)}`}>
            <UserRound aria-hidden /> Public Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden /> Dashboard
          </Link>
        </DropdownMenuItem>
        {session.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldCheck aria-hidden /> Admin Dashboard
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
