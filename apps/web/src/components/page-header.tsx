import type { ReactNode } from "react";

/** A page's title block: an optional small label above, the h1, and a lead paragraph. */
export function PageHeader({ eyebrow, title, lead }: { eyebrow?: string; title: string; lead?: ReactNode }) {
  return (
    <header className="max-w-3xl">
      {eyebrow ? <p className="text-sm font-semibold text-accent">{eyebrow}</p> : null}
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 text-base text-pretty text-muted sm:text-lg">{lead}</p> : null}
    </header>
  );
}
