import { LockKeyhole, ShieldX } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { usePageTitle } from "../site/queries.ts";
import { useRequireAuth } from "./auth-prompt.ts";
import { type TSession, useSession } from "./session.ts";

/** A page-sized message with an icon, a heading, a line and actions (sign in, not allowed, not found). */
export function StatePanel({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <section className={PAGE_WIDTH.message}>
      <span className="flex size-14 items-center justify-center rounded-2xl border border-border bg-surface text-accent shadow-panel [&_svg]:size-7">
        {icon}
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
      <p className="mt-3 text-base text-pretty text-muted">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{action}</div>
    </section>
  );
}

/**
 * A page for signed-in members only. A visitor sees why, and a Sign In button: the auth prompt with `reason`,
 * whose pending action brings them back to this very page once signed in. (The server guards the data itself.)
 */
export function RequireSession({
  reason,
  title,
  children,
}: {
  reason: string;
  /** The page's name, for the tab's title while a visitor sees the sign-in panel (the page titles itself after). */
  title: string;
  children: (session: TSession) => ReactNode;
}) {
  const { session, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  if (!session) return <SignInPanel reason={reason} title={title} />;
  return children(session);
}

function SignInPanel({ reason, title }: { reason: string; title: string }) {
  usePageTitle(title);
  const requireAuth = useRequireAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <StatePanel
      icon={<LockKeyhole aria-hidden />}
      title={reason}
      text="This page belongs to your account. Sign in, or create an account in a minute."
      action={
        <Button size="lg" onClick={() => requireAuth(reason, () => navigate(here))}>
          Sign In
        </Button>
      }
    />
  );
}

/** Admin pages: members without the admin role are told so (the admin APIs answer them 403 anyway). */
export function RequireAdmin({ children }: { children: (session: TSession) => ReactNode }) {
  return (
    <RequireSession reason="Sign in to open the admin dashboard" title="Admin Dashboard">
      {(session) =>
        session.isAdmin ? (
          children(session)
        ) : (
          <StatePanel
            icon={<ShieldX aria-hidden className="text-rug" />}
            title="You are not allowed here"
            text="The admin dashboard is only for admins. If you think you should have access, contact an admin."
            action={
              <Button asChild>
                <Link to="/dashboard">Go to your dashboard</Link>
              </Button>
            }
          />
        )
      }
    </RequireSession>
  );
}
