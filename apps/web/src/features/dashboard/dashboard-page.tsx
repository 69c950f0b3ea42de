import { Coins, Gift, GraduationCap, LayoutDashboard, ShieldCheck, UserPlus, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink, Route, Routes } from "react-router";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { cn } from "../../lib/cn.ts";
import { RequireSession } from "../auth/require-session.tsx";
import type { TSession } from "../auth/session.ts";
import { LearningSection } from "../learn/learning-section.tsx";
import { PointsSection } from "../points/points-section.tsx";
import { ReferralsSection } from "../points/referrals-section.tsx";
import { MyGiveawaysSection } from "../rewards/my-giveaways.tsx";
import { usePageTitle } from "../site/queries.ts";
import { ProfileSettings } from "./profile-settings.tsx";
import { SecuritySettings } from "./security-settings.tsx";
import { SettingsCard } from "./settings-card.tsx";

/** The dashboard's sections; later features add theirs (points, referrals, reports) here. */
const SECTIONS = [
  { to: "/dashboard", label: "Overview", icon: LayoutDashboard, end: true },
  { to: "/dashboard/points", label: "Points", icon: Coins, end: false },
  { to: "/dashboard/referrals", label: "Referrals", icon: UserPlus, end: false },
  { to: "/dashboard/giveaways", label: "My giveaways", icon: Gift, end: false },
  { to: "/dashboard/learning", label: "Learning", icon: GraduationCap, end: false },
  { to: "/dashboard/profile", label: "Profile", icon: UserRound, end: false },
  { to: "/dashboard/security", label: "Security", icon: ShieldCheck, end: false },
] as const;

function Overview({ session }: { session: TSession }) {
  usePageTitle("Dashboard");
  const { profile, user } = session;
  return (
    <div className="flex flex-col gap-6">
      <SettingsCard title={`Welcome, @${profile.username}`} description="Your account at a glance.">
        <dl className="grid gap-4 sm:grid-cols-3">
          <div className="rounded-xl border border-border bg-background p-4">
            <dt className="text-xs font-medium text-muted">Points</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{profile.points.toLocaleString()}</dd>
          </div>
          <div className="rounded-xl border border-border bg-background p-4">
            <dt className="text-xs font-medium text-muted">Email</dt>
            <dd className="mt-1 text-sm font-semibold">
              {user.emailVerified ? "Verified" : "Not verified yet"}
            </dd>
          </div>
          <div className="rounded-xl border border-border bg-background p-4">
            <dt className="text-xs font-medium text-muted">Two-factor</dt>
            <dd className="mt-1 text-sm font-semibold">{user.twoFactorEnabled ? "On" : "Off"}</dd>
          </div>
        </dl>
      </SettingsCard>
    </div>
  );
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

/** /dashboard/*: the signed-in member's own area, a section list beside the chosen section. */
export default function DashboardPage() {
  return (
    <RequireSession reason="Sign in to open your dashboard" title="Dashboard">
      {(session) => (
        <div className={PAGE_WIDTH.wide}>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
          <div className="mt-6 flex flex-col gap-6 md:flex-row md:items-start">
            <nav
              aria-label="Dashboard"
              className="flex flex-wrap gap-1 md:sticky md:top-20 md:w-52 md:shrink-0 md:flex-col md:flex-nowrap"
            >
              {SECTIONS.map((section) => (
                <NavLink
                  key={section.to}
                  to={section.to}
                  end={section.end}
                  className={({ isActive }) =>
                    cn(
                      "inline-flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors [&_svg]:size-4",
                      isActive
                        ? "bg-accent-soft text-foreground [&_svg]:text-accent"
                        : "text-muted hover:bg-surface-2 hover:text-foreground",
                    )
                  }
                >
                  <section.icon aria-hidden />
                  {section.label}
                </NavLink>
              ))}
            </nav>
            <div className="min-w-0 flex-1">
              <Routes>
                <Route index element={<Overview session={session} />} />
                <Route
                  path="points"
                  element={
                    <Titled title="Points">
                      <PointsSection />
                    </Titled>
                  }
                />
                <Route
                  path="referrals"
                  element={
                    <Titled title="Referrals">
                      <ReferralsSection username={session.profile.username} />
                    </Titled>
                  }
                />
                <Route
                  path="giveaways"
                  element={
                    <Titled title="My giveaways">
                      <MyGiveawaysSection />
                    </Titled>
                  }
                />
                <Route
                  path="learning"
                  element={
                    <Titled title="Learning">
                      <LearningSection />
                    </Titled>
                  }
                />
                <Route
                  path="profile"
                  element={
                    <Titled title="Profile">
                      <ProfileSettings session={session} />
                    </Titled>
                  }
                />
                <Route
                  path="security"
                  element={
                    <Titled title="Security">
                      <SecuritySettings session={session} />
                    </Titled>
                  }
                />
                <Route
                  path="*"
                  element={
                    <SettingsCard
                      title="Section not found"
                      description="The dashboard has no section at this address."
                    >
                      <Link to="/dashboard" className="text-sm font-medium text-accent hover:underline">
                        Back to the overview
                      </Link>
                    </SettingsCard>
                  }
                />
              </Routes>
            </div>
          </div>
        </div>
      )}
    </RequireSession>
  );
}
