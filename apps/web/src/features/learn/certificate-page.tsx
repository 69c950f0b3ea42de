import { COURSE_LEVEL_LABELS } from "@plugs/domain";
import { Award, BadgeCheck } from "lucide-react";
import { Link, useParams } from "react-router";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { formatDay } from "../../lib/format.ts";
import { usePageTitle } from "../site/queries.ts";
import { LearnLoadFailure } from "./learn-parts.tsx";
import { useCertificate } from "./queries.ts";

/** /learn/certificates/{code}: anyone can verify a certificate: who earned it, for which course, when, the score. */
export default function CertificatePage() {
  const { code = "" } = useParams();
  const query = useCertificate(code);
  usePageTitle("Certificate");
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <LearnLoadFailure
        error={query.error}
        what="certificate"
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
      />
    );
  }
  const c = query.data;
  return (
    <div className={PAGE_WIDTH.reading}>
      <article className="rounded-3xl border-2 border-accent/40 bg-surface p-6 text-center shadow-sm sm:p-12">
        <Award className="mx-auto size-14 text-accent" aria-hidden />
        <p className="mt-4 text-sm font-semibold tracking-widest text-muted uppercase">
          Certificate of completion
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{c.courseTitle}</h1>
        <p className="mt-4 text-base text-muted">awarded to</p>
        <p className="mt-1 text-2xl font-bold">
          <Link to={`/user/${c.username}`} className="hover:underline">
            @{c.username}
          </Link>
        </p>
        <dl className="mx-auto mt-8 grid max-w-md grid-cols-3 gap-4 text-sm">
          <div>
            <dt className="text-muted">Level</dt>
            <dd className="font-semibold">{COURSE_LEVEL_LABELS[c.level]}</dd>
          </div>
          <div>
            <dt className="text-muted">Score</dt>
            <dd className="font-semibold">{c.percent}%</dd>
          </div>
          <div>
            <dt className="text-muted">Issued</dt>
            <dd className="font-semibold">{formatDay(c.issuedAt)}</dd>
          </div>
        </dl>
        <p className="mt-8 flex items-center justify-center gap-1.5 text-sm text-plug">
          <BadgeCheck className="size-4" aria-hidden /> Verified · code{" "}
          <span className="font-mono">{c.code}</span>
        </p>
        <p className="mt-4 text-sm">
          <Link to={`/learn/course/${c.courseSlug}`} className="font-medium text-accent hover:underline">
            About this course
          </Link>
        </p>
      </article>
    </div>
  );
}
