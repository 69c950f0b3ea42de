import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn.ts";

type TFieldControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/**
 * A labelled form control with its hint and error line. The control is rendered by `children(props)` so the label,
 * the error (announced, and tied to the control by aria-describedby) and `aria-invalid` are wired in one place.
 */
export function Field({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (props: TFieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-rug">
          {error}
        </p>
      ) : null}
    </div>
  );
}
