import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";

/**
 * Shows an auth failure the way the spec's error catalogue says: the server's message (a lockout under the title
 * 'Rate limit exceeded'), or `fallback` when there is no message to show (network failure).
 */
export function toastAuthError(err: unknown, fallback: string) {
  if (err instanceof ApiError) {
    if (err.title) toast.error(err.title, { description: err.message });
    else toast.error(err.message || fallback);
    return;
  }
  toast.error(fallback);
}

/** Puts the server's per-field messages under the form's fields (only the fields the form has). */
export function applyFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  if (!(err instanceof ApiError) || !err.fields) return;
  for (const [name, message] of Object.entries(err.fields)) {
    if ((fields as readonly string[]).includes(name)) setError(name as Path<T>, { message });
  }
}
