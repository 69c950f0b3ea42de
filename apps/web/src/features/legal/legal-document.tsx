import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { usePageTitle } from "../site/queries.ts";

/** The shared frame of the FAQ, privacy policy and terms: a header, readable prose, links to the other two. */
export function LegalDocument({
  title,
  updated,
  lead,
  children,
}: {
  title: string;
  updated?: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className={PAGE_WIDTH.reading}>
      <PageHeader eyebrow={updated ? `Last updated ${updated}` : undefined} title={title} lead={lead} />
      <div className="mt-10 space-y-10 text-[0.95rem] leading-relaxed text-foreground/90">{children}</div>
      <p className="mt-12 border-t border-border pt-6 text-sm text-muted">
        See also the{" "}
        <Link className="font-medium text-accent hover:underline" to="/faq">
          FAQ
        </Link>
        , the{" "}
        <Link className="font-medium text-accent hover:underline" to="/terms">
          Terms of Service
        </Link>{" "}
        and the{" "}
        <Link className="font-medium text-accent hover:underline" to="/privacy">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}

/** A numbered or plain section of a legal document. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold tracking-tight text-foreground">{title}</h2>
      <div className="mt-3 space-y-3 [&_a]:font-medium [&_a]:text-accent [&_a:hover]:underline [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}
