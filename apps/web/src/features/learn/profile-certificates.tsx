import { Award } from "lucide-react";
import { Link } from "react-router";
import { useUserCertificates } from "./queries.ts";

/**
 * A member's Learn certificates as links to their verification pages, for the public profile: nothing while loading,
 * on an error or when there are none (a profile is not the place to say so).
 */
export function ProfileCertificates({ username }: { username: string }) {
  const query = useUserCertificates(username);
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <ul aria-label="Certificates" className="mt-3 flex flex-wrap gap-2">
      {items.map((certificate) => (
        <li key={certificate.code}>
          <Link
            to={`/learn/certificates/${certificate.code}`}
            className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-border bg-surface px-3 py-1 text-xs font-medium transition-colors hover:border-border-strong focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Award className="size-3.5 shrink-0 text-plug" aria-hidden />
            <span className="truncate">{certificate.courseTitle}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
