import { M } from "@plugs/domain";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError, refusalMessage } from "./api.ts";

/**
 * Shows a refused save on the form: each field the server named gets its message under the field (`options.2` goes
 * on `options`); anything else goes in the form's root error, which `FormAlert` shows above the buttons.
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
