import { cn } from "../../lib/cn.ts";

/** A spinning ring. Decorative by default; give it a `label` when it is the only sign of loading. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const ring = (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden
      className={cn("size-5 animate-spin text-current", className)}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return ring;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The centered spinner shown while a page loads. Fades in late, so fast loads never flash it. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] animate-delayed-fade-in items-center justify-center text-accent">
      <Spinner className="size-8" label="Loading page" />
    </div>
  );
}
