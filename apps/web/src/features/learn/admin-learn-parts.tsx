import { M } from "@plugs/domain";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError, refusalMessage } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";

/** A course's state as a pill: published green, draft grey. */
export function CoursePill({ published }: { published: boolean }) {
  return (
    <span
      className={cn(
        "rounded-full px-2 py-0.5 text-xs font-semibold",
        published ? "bg-plug-soft text-plug" : "bg-surface-2 text-muted",
      )}
    >
      {published ? "Published" : "Draft"}
    </span>
  );
}

/**
 * Shows a refused save on the form: each field the server named gets its message under the field (`options.2` goes
 * on `options`); anything else goes above the buttons.
 */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  fields: readonly Path<T>[],
  error: unknown,
) {
  const shown = new Set<string>();
  const named = error instanceof ApiError ? error.fields : undefined;
  for (const [key, message] of Object.entries(named ?? {})) {
    const field = fields.find((f) => key === f || key.startsWith(`${f}.`));
    if (field && !shown.has(field)) {
      shown.add(field);
      form.setError(field, { message });
    }
  }
  if (shown.size === 0) form.setError("root", { message: refusalMessage(error, M.generic.unexpected) });
}

export function FormAlert({ message }: { message?: string }) {
  return message ? (
    <p
      role="alert"
      className="rounded-lg border border-rug/30 bg-rug-soft px-3 py-2 text-sm font-medium text-rug"
    >
      {message}
    </p>
  ) : null;
}
