import { slugify } from "@plugs/domain";
import { useState } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";

/** A slug made from a title, cut to max characters without a hyphen at its end. */
export function slugFromTitle(title: string, max: number): string {
  return slugify(title).slice(0, max).replace(/-+$/, "");
}

/**
 * The `title` and `slug` inputs of an admin form whose new item's slug follows its title until the admin writes one;
 * a saved item (`saved`) keeps its address.
 */
export function useSlugFromTitle<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  max: number,
  saved: boolean,
) {
  const [slugEdited, setSlugEdited] = useState(saved);
  const title = form.register("title" as Path<T>, {
    onChange: (e: { target: { value: string } }) => {
      if (!slugEdited) {
        form.setValue("slug" as Path<T>, slugFromTitle(e.target.value, max) as PathValue<T, Path<T>>);
      }
    },
  });
  const slug = form.register("slug" as Path<T>, { onChange: () => setSlugEdited(true) });
  return { title, slug };
}
