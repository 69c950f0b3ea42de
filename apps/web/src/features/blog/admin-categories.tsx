import { zodResolver } from "@hookform/resolvers/zod";
import { BLOG_LIMITS, M, slugify, type TBlogCategory, ZCategoryInput } from "@plugs/domain";
import { ArrowLeft, Pencil, Plus, Save, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError, refusalMessage } from "../../lib/api.ts";
import { useAdminCategories, useCreateCategory, useDeleteCategory, useUpdateCategory } from "./queries.ts";

type TCategoryForm = z.input<typeof ZCategoryInput>;
type TCategoryValues = z.output<typeof ZCategoryInput>;
const FIELDS = ["name", "slug", "description"] as const;

/** Name, slug (made from the name when left empty) and description; used to add a category and to edit one. */
function CategoryForm({ category, onDone }: { category?: TBlogCategory; onDone: () => void }) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const form = useForm<TCategoryForm, unknown, TCategoryValues>({
    resolver: zodResolver(ZCategoryInput),
    defaultValues: {
      name: category?.name ?? "",
      slug: category?.slug ?? "",
      description: category?.description ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const name = form.watch("name");

  const submit = form.handleSubmit(async (values) => {
    try {
      if (category) await update.mutateAsync({ id: category.id, ...values });
      else await create.mutateAsync(values);
      toast.success(category ? "Category saved" : "Category added");
      form.reset();
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      const onFields = FIELDS.filter((f) => fields?.[f]);
      for (const f of onFields) form.setError(f, { message: fields?.[f] });
      if (onFields.length === 0)
        form.setError("root", { message: refusalMessage(error, M.generic.unexpected) });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {(props) => (
            <Input {...props} {...form.register("name")} maxLength={BLOG_LIMITS.categoryNameMax + 10} />
          )}
        </Field>
        <Field label="Slug" error={errors.slug?.message} hint="Left empty, it is made from the name.">
          {(props) => (
            <Input
              {...props}
              {...form.register("slug")}
              placeholder={slugify(name ?? "") || "guides"}
              maxLength={BLOG_LIMITS.slugMax}
            />
          )}
        </Field>
      </div>
      <Field label="Description" error={errors.description?.message}>
        {(props) => <Textarea {...props} {...form.register("description")} rows={2} />}
      </Field>
      {errors.root?.message ? (
        <p
          role="alert"
          className="rounded-lg border border-rug/30 bg-rug-soft px-3 py-2 text-sm font-medium text-rug"
        >
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {category ? (
          <Button variant="ghost" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" busy={isSubmitting} busyLabel="Saving...">
          {category ? <Save aria-hidden /> : <Plus aria-hidden />}{" "}
          {category ? "Save category" : "Add category"}
        </Button>
      </div>
    </form>
  );
}

function CategoryRow({ category }: { category: TBlogCategory }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteCategory();
  if (editing) {
    return (
      <div className="rounded-2xl border border-border-strong bg-surface p-4">
        <CategoryForm category={category} onDone={() => setEditing(false)} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{category.name}</p>
        <p className="font-mono text-xs text-muted">/blog/category/{category.slug}</p>
        {category.description ? <p className="mt-1 text-sm text-muted">{category.description}</p> : null}
        <p className="mt-1 text-xs text-muted">
          {category.articleCount} published {category.articleCount === 1 ? "article" : "articles"}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden /> Edit<span className="sr-only"> {category.name}</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden /> Delete<span className="sr-only"> {category.name}</span>
        </Button>
      </div>
      <ConfirmDeleteDialog
        title={`Delete ${category.name}?`}
        description="Readers lose its page. A category with articles cannot be deleted."
        open={confirming}
        onOpenChange={setConfirming}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(category.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success("Category deleted");
            },
            onError: (err) => {
              setConfirming(false);
              toast.error(refusalMessage(err, "Could not delete the category"));
            },
          })
        }
      />
    </div>
  );
}

/** /admin/blog/categories: add, rename and describe, and delete the blog's categories. */
export function AdminCategories() {
  const query = useAdminCategories();
  return (
    <section aria-labelledby="admin-categories-heading" className="flex flex-col gap-4">
      <Link
        to="/admin/blog"
        className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Articles
      </Link>
      <h2 id="admin-categories-heading" className="text-xl font-semibold">
        Blog categories
      </h2>
      <div className="rounded-2xl border border-border bg-surface p-4">
        <h3 className="mb-3 text-sm font-semibold">New category</h3>
        <CategoryForm onDone={() => undefined} />
      </div>
      {query.isPending ? (
        <Spinner label="Loading categories" className="text-accent" />
      ) : query.isError ? (
        <LoadError
          look="inset"
          title="Could not load the categories"
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      ) : query.data.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-surface p-6 text-center text-sm text-muted">
          No categories yet.
        </p>
      ) : (
        <ul aria-label="Categories" className="flex flex-col gap-3">
          {query.data.items.map((category) => (
            <li key={category.id}>
              <CategoryRow category={category} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
