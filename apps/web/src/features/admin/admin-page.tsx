import { Coins, Flag, MessageSquareWarning, ShieldCheck } from "lucide-react";
import { RequireAdmin } from "../auth/require-session.tsx";
import { usePageTitle } from "../site/queries.ts";

/** The admin tools; each section comes with its own feature. */
const SECTIONS = [
  { icon: Flag, title: "Reports", text: "Review KOL reports and approve or reject them with a reason." },
  {
    icon: MessageSquareWarning,
    title: "Moderation",
    text: "Remove posts and comments that break the rules.",
  },
  { icon: Coins, title: "Airdrops", text: "Send points to a member, recorded in their points history." },
];

/** /admin/*: admins only (the admin APIs check the role on the server too). */
export default function AdminPage() {
  usePageTitle("Admin Dashboard");
  return (
    <RequireAdmin>
      {(session) => (
        <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
          <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent">
            <ShieldCheck className="size-4" aria-hidden /> Signed in as admin @{session.profile.username}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Admin Dashboard</h1>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {SECTIONS.map((section) => (
              <li key={section.title} className="rounded-2xl border border-border bg-surface p-5">
                <section.icon className="size-5 text-accent" aria-hidden />
                <h2 className="mt-3 font-semibold">{section.title}</h2>
                <p className="mt-1 text-sm text-muted">{section.text}</p>
                <p className="mt-3 text-xs font-medium text-muted">Not open yet</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </RequireAdmin>
  );
}
