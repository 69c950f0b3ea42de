import {
  Coins,
  Flag,
  GraduationCap,
  Inbox,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  MessageSquareWarning,
  Newspaper,
  ScrollText,
  Settings,
  ShieldCheck,
  Trophy,
  Users,
} from "lucide-react";
import { type ComponentType, Suspense, useEffect, useRef } from "react";
import { Navigate, NavLink, Route, Routes, useLocation } from "react-router";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/cn.ts";
import { lazyNamed } from "../../lib/lazy-named.ts";
import { RequireAdmin } from "../auth/require-session.tsx";
import { AdminMessages } from "../contact/admin-messages.tsx";
import { AdminJobs } from "../jobs/admin-jobs.tsx";
import { AdminModeration } from "../moderation/admin-moderation.tsx";
import { AdminAirdrops } from "../points/admin-airdrop.tsx";
import { AdminReports } from "../reports/admin-reports.tsx";
import { usePageTitle } from "../site/queries.ts";
import { AdminAudit } from "./audit-log.tsx";
import { AdminMembers } from "./members.tsx";
import { AdminOverview } from "./overview.tsx";
import { AdminSiteSettings } from "./site-settings.tsx";

// The giveaways' screens (the list, the draft form, publish, draw, claims and redraws) are their own chunk.
const AdminRewardsScreen = lazyNamed(() => import("../rewards/admin-rewards.tsx"), "AdminRewards");
function AdminRewards() {
  return (
    <Suspense fallback={<Spinner label="Loading Rewards" className="text-accent" />}>
      <AdminRewardsScreen />
    </Suspense>
  );
}

// The blog's editor (forms, the Markdown preview, uploads) is its own chunk, fetched when the section opens.
const AdminBlogScreen = lazyNamed(() => import("../blog/admin-blog.tsx"), "AdminBlog");
function AdminBlog() {
  return (
    <Suspense fallback={<Spinner label="Loading the blog" className="text-accent" />}>
      <AdminBlogScreen />
    </Suspense>
  );
}

// The Learn authoring screens (course, lesson and question forms, the lesson preview) are their own chunk too.
const AdminLearnScreen = lazyNamed(() => import("../learn/admin-learn.tsx"), "AdminLearn");
function AdminLearn() {
  return (
    <Suspense fallback={<Spinner label="Loading Learn" className="text-accent" />}>
      <AdminLearnScreen />
    </Suspense>
  );
}

type TSection = {
  /** The path under /admin/. */
  path: string;
  title: string;
  icon: LucideIcon;
  text: string;
  /** The section's screen; a section without one is listed honestly as not open yet. */
  Screen?: ComponentType;
};

/** The admin tools, in nav order; the first is the default. Adding a tool is one entry here. */
const SECTIONS: TSection[] = [
  {
    path: "overview",
    title: "Overview",
    icon: LayoutDashboard,
    text: "The site in numbers, and sign-ups, posts and points paid over the last 30 days.",
    Screen: AdminOverview,
  },
  {
    path: "members",
    title: "Members",
    icon: Users,
    text: "Find members by username or e-mail, ban and unban them, grant and remove the admin role.",
    Screen: AdminMembers,
  },
  {
    path: "reports",
    title: "Reports",
    icon: Flag,
    text: "Review KOL reports and approve or reject them with a reason.",
    Screen: AdminReports,
  },
  {
    path: "moderation",
    title: "Moderation",
    icon: MessageSquareWarning,
    text: "Posts and comments members flagged, most flags first; what was removed, restorable for 30 days.",
    Screen: AdminModeration,
  },
  {
    path: "messages",
    title: "Messages",
    icon: Inbox,
    text: "Read what people sent through the contact page, assign it and answer by e-mail.",
    Screen: AdminMessages,
  },
  {
    path: "blog",
    title: "Blog",
    icon: Newspaper,
    text: "Write, schedule and publish articles, and manage their categories.",
    Screen: AdminBlog,
  },
  {
    path: "learn",
    title: "Learn",
    icon: GraduationCap,
    text: "Write courses, their lessons, quizzes and exam, and publish them.",
    Screen: AdminLearn,
  },
  {
    path: "airdrops",
    title: "Airdrops",
    icon: Coins,
    text: "Send points to a member, recorded in their points history.",
    Screen: AdminAirdrops,
  },
  {
    path: "rewards",
    title: "Rewards",
    icon: Trophy,
    text: "Create, publish, draw and cancel giveaways, and handle the winners' claims and redraws.",
    Screen: AdminRewards,
  },
  {
    path: "jobs",
    title: "Jobs",
    icon: ListChecks,
    text: "Background work: what failed with its error, what waits, and retrying a failed job.",
    Screen: AdminJobs,
  },
  {
    path: "site",
    title: "Site settings",
    icon: Settings,
    text: "The site's name and logo, as the navigation and footer show them.",
    Screen: AdminSiteSettings,
  },
  {
    path: "audit",
    title: "Audit log",
    icon: ScrollText,
    text: "Every admin action: who, when, what and the values before and after.",
    Screen: AdminAudit,
  },
];

function NotOpenYet({ section }: { section: TSection }) {
  return (
    <section
      aria-labelledby={`admin-${section.path}-heading`}
      className="rounded-2xl border border-dashed border-border bg-surface p-6"
    >
      <section.icon className="size-5 text-accent" aria-hidden />
      <h2 id={`admin-${section.path}-heading`} className="mt-3 text-xl font-semibold">
        {section.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{section.text}</p>
      <p className="mt-3 text-xs font-medium text-muted">Not open yet</p>
    </section>
  );
}

function AdminNav() {
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the sections scroll sideways: keep the open one in view (it may be past the right edge).
  useEffect(() => {
    if (!pathname.startsWith("/admin/")) return;
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return (
    <nav ref={nav} aria-label="Admin sections" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex w-max gap-1 rounded-xl border border-border bg-surface p-1 md:w-full md:flex-col">
        {SECTIONS.map((section) => (
          <li key={section.path}>
            <NavLink
              to={`/admin/${section.path}`}
              className={({ isActive }) =>
                cn(
                  "flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-accent",
                  isActive ? "bg-surface-2 text-foreground shadow-sm" : "text-muted hover:text-foreground",
                )
              }
            >
              <section.icon className="size-4" aria-hidden />
              {section.title}
              {!section.Screen && <span className="sr-only"> (not open yet)</span>}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /admin/*: admins only (the admin APIs check the role on the server too), a nav and one section per sub-route. */
export default function AdminPage() {
  usePageTitle("Admin Dashboard");
  const first = SECTIONS[0]?.path ?? "";
  return (
    <RequireAdmin>
      {(session) => (
        <div className={PAGE_WIDTH.wide}>
          <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent">
            <ShieldCheck className="size-4" aria-hidden /> Signed in as admin @{session.profile.username}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Admin Dashboard</h1>
          <div className="mt-6 grid gap-6 md:grid-cols-[12rem_1fr]">
            <AdminNav />
            <div className="min-w-0">
              <Routes>
                <Route index element={<Navigate to={first} replace />} />
                {SECTIONS.map((section) => (
                  <Route
                    key={section.path}
                    // A section may have pages of its own (/admin/messages/:id).
                    path={`${section.path}/*`}
                    element={section.Screen ? <section.Screen /> : <NotOpenYet section={section} />}
                  />
                ))}
                <Route path="*" element={<Navigate to={first} replace />} />
              </Routes>
            </div>
          </div>
        </div>
      )}
    </RequireAdmin>
  );
}
