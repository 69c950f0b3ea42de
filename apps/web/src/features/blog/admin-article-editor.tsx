import { zodResolver } from "@hookform/resolvers/zod";
import {
  ARTICLE_STATUS_LABELS,
  ARTICLE_STATUSES,
  BLOG_LIMITS,
  type TAdminArticle,
  ZArticleInput,
} from "@plugs/domain";
import { Save, Trash2 } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate, useParams } from "react-router";
import type { z } from "zod";
import { AdminEditorPage } from "../../components/admin-editor-page.tsx";
import { AdminQuery } from "../../components/admin-list.tsx";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ImageUploadCard, useImageUpload } from "../../components/image-upload.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Field } from "../../components/ui/field.tsx";
import { fieldClasses, Input, Textarea } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { refusalMessage } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { showServerErrors } from "../../lib/server-errors.ts";
import { useSlugFromTitle } from "../../lib/use-slug-from-title.ts";
import { ArticleStatusPill } from "./admin-blog-parts.tsx";
import { uploadCover } from "./api.ts";
import { MarkdownEditor } from "./markdown-editor.tsx";
import {
  useAdminArticle,
  useAdminCategories,
  useBlogRefresher,
  useCreateArticle,
  useDeleteArticle,
  useRemoveCover,
  useUpdateArticle,
} from "./queries.ts";
import { TagInput } from "./tag-input.tsx";

type TArticleForm = z.input<typeof ZArticleInput>;
type TArticleValues = z.output<typeof ZArticleInput>;
const FIELDS = ["title", "slug", "excerpt", "body", "categoryId", "tags", "status", "publishAt"] as const;

/** A moment as a datetime-local input's value, on the admin's clock. */
function localInput(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function formValues(article: TAdminArticle | undefined): TArticleForm {
  return {
    title: article?.title ?? "",
    slug: article?.slug ?? "",
    excerpt: article?.excerpt ?? "",
    body: article?.body ?? "",
    categoryId: article?.categoryId ?? null,
    tags: article?.tags ?? [],
    status: article?.status ?? "draft",
    publishAt: localInput(article?.publishAt ?? null),
    featured: article?.featured ?? false,
  };
}

/** Whether an article was saved again after it went out (readers see "Updated"). */
function editedAfterPublishing(article: TAdminArticle): boolean {
  return (
    article.publishedAt !== null && Date.parse(article.updatedAt) > Date.parse(article.publishedAt) + 60_000
  );
}

function CoverField({ article }: { article: TAdminArticle }) {
  const refresh = useBlogRefresher();
  const remove = useRemoveCover();
  const upload = useImageUpload({
    send: async (file, options) => {
      await uploadCover(article.id, file, options);
      await refresh();
    },
    done: "Cover updated",
  });
  return (
    <ImageUploadCard
      upload={upload}
      current={article.coverUrl}
      alt="Cover"
      empty="No cover"
      aspect="aspect-[16/9]"
      name="cover"
      noun="cover"
      remove={{
        pending: remove.isPending,
        onRemove: () =>
          remove.mutate(article.id, {
            onError: (err) => toast.error(refusalMessage(err, "Could not remove the cover")),
          }),
      }}
    />
  );
}

function ArticleForm({ article }: { article?: TAdminArticle }) {
  const navigate = useNavigate();
  const create = useCreateArticle();
  const update = useUpdateArticle();
  const remove = useDeleteArticle();
  const categories = useAdminCategories();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<TArticleForm, unknown, TArticleValues>({
    resolver: zodResolver(ZArticleInput),
    defaultValues: formValues(article),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const status = form.watch("status");
  // A new article's slug follows its title until the admin writes one; a saved one keeps its address.
  const slugFields = useSlugFromTitle(form, BLOG_LIMITS.slugMax, Boolean(article));

  const submit = form.handleSubmit(async (values) => {
    const input = {
      ...values,
      publishAt:
        values.status === "scheduled" && values.publishAt ? new Date(values.publishAt).toISOString() : null,
    };
    try {
      const saved = article
        ? await update.mutateAsync({ id: article.id, ...input })
        : await create.mutateAsync(input);
      toast.success(
        saved.status === "published"
          ? "Article published"
          : saved.status === "scheduled"
            ? "Article scheduled"
            : "Draft saved",
      );
      form.reset(formValues(saved));
      if (!article) void navigate(`/admin/blog/${saved.id}`, { replace: true });
    } catch (error) {
      showServerErrors(form, FIELDS, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Field label="Title" error={errors.title?.message}>
        {(props) => <Input {...props} {...slugFields.title} maxLength={BLOG_LIMITS.titleMax + 10} />}
      </Field>
      <Field
        label="Slug"
        error={errors.slug?.message}
        hint={
          article
            ? "Changing it keeps the old address working: it moves readers to the new one."
            : "Made from the title; edit it to choose the address."
        }
      >
        {(props) => (
          <div className="flex items-center gap-1">
            <span className="text-sm text-muted">/blog/</span>
            <Input {...props} {...slugFields.slug} maxLength={BLOG_LIMITS.slugMax} className="font-mono" />
          </div>
        )}
      </Field>
      <Field label="Excerpt" error={errors.excerpt?.message} hint="Shown on the cards and in search results.">
        {(props) => <Textarea {...props} {...form.register("excerpt")} rows={2} />}
      </Field>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">Cover</span>
        {article ? (
          <CoverField article={article} />
        ) : (
          <p className="text-sm text-muted">Save the draft first, then add its cover image.</p>
        )}
      </div>
      <Field label="Text (Markdown)" error={errors.body?.message}>
        {(props) => (
          <Controller
            control={form.control}
            name="body"
            render={({ field }) => (
              <MarkdownEditor value={field.value ?? ""} onChange={field.onChange} controlProps={props} />
            )}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category" error={errors.categoryId?.message}>
          {(props) => (
            <Controller
              control={form.control}
              name="categoryId"
              render={({ field }) => (
                <select
                  {...props}
                  value={field.value ?? ""}
                  onChange={(e) => field.onChange(e.target.value || null)}
                  onBlur={field.onBlur}
                  className={cn(fieldClasses, "h-10")}
                >
                  <option value="">No category</option>
                  {categories.data?.items.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </select>
              )}
            />
          )}
        </Field>
        <Field
          label="Tags"
          error={
            errors.tags?.message ??
            (Array.isArray(errors.tags) ? errors.tags.find(Boolean)?.message : undefined)
          }
          hint="Press Enter or a comma after each tag; new tags are created."
        >
          {(props) => (
            <Controller
              control={form.control}
              name="tags"
              render={({ field }) => <TagInput {...props} value={field.value} onChange={field.onChange} />}
            />
          )}
        </Field>
      </div>
      <fieldset className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4">
        <legend className="px-1 text-sm font-medium">Publishing</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {ARTICLE_STATUSES.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                value={value}
                {...form.register("status")}
                className="size-4 accent-accent"
              />
              {value === "scheduled" ? "Scheduled" : ARTICLE_STATUS_LABELS[value]}
            </label>
          ))}
        </div>
        {status === "scheduled" ? (
          <Field
            label="Publish at"
            error={errors.publishAt?.message}
            hint="On your clock; it goes out by itself then."
          >
            {(props) => (
              <Controller
                control={form.control}
                name="publishAt"
                render={({ field }) => (
                  <Input
                    {...props}
                    type="datetime-local"
                    value={field.value ?? ""}
                    onChange={(e) => field.onChange(e.target.value || null)}
                    onBlur={field.onBlur}
                    className="sm:w-64"
                  />
                )}
              />
            )}
          </Field>
        ) : null}
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="featured"
            render={({ field }) => (
              <Checkbox
                id="article-featured"
                checked={field.value ?? false}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
            )}
          />
          <label htmlFor="article-featured" className="cursor-pointer text-sm">
            Featured on top of the blog
          </label>
        </div>
      </fieldset>
      <FormAlert message={errors.root?.message} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {article ? (
          <Button variant="ghost" className="mr-auto" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden /> Delete article
          </Button>
        ) : null}
        <Button
          type="submit"
          busy={isSubmitting}
          busyLabel="Saving..."
          disabled={Boolean(article) && !isDirty}
        >
          <Save aria-hidden />{" "}
          {status === "published"
            ? article?.status === "published"
              ? "Save changes"
              : "Publish"
            : status === "scheduled"
              ? "Schedule"
              : "Save draft"}
        </Button>
      </div>
      {article ? (
        <ConfirmDeleteDialog
          title="Delete this article?"
          description="Readers lose it at once, with its old addresses. This cannot be undone."
          open={confirming}
          onOpenChange={setConfirming}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(article.id, {
              onSuccess: () => {
                toast.success("Article deleted");
                void navigate("/admin/blog", { replace: true });
              },
              onError: (err) => {
                setConfirming(false);
                toast.error(refusalMessage(err, "Could not delete the article"));
              },
            })
          }
        />
      ) : null}
    </form>
  );
}

/** /admin/blog/new and /admin/blog/:id: write an article, preview it, and save it as a draft, scheduled or published. */
export function AdminArticleEditor() {
  const { id } = useParams();
  const query = useAdminArticle(id ?? "");
  const article = id ? query.data : undefined;
  return (
    <AdminEditorPage
      headingId="admin-article-heading"
      back="/admin/blog"
      backLabel="Articles"
      title={id ? "Edit article" : "New article"}
      beside={article ? <ArticleStatusPill status={article.status} /> : null}
      view={
        article?.status === "published" ? { to: `/blog/${article.slug}`, label: "View article" } : undefined
      }
    >
      {article ? (
        <p className="text-xs text-muted">
          {article.status === "scheduled" && article.publishAt
            ? `Publishes ${formatDate(article.publishAt)}`
            : article.publishedAt
              ? `Published ${formatDate(article.publishedAt)}`
              : `Created ${formatDate(article.createdAt)}`}
          {editedAfterPublishing(article) ? ` · Updated ${formatDate(article.updatedAt)}` : null}
          {` · by @${article.author.username}`}
        </p>
      ) : null}
      {!id ? (
        <ArticleForm />
      ) : (
        <AdminQuery query={query} loading="Loading article" failed="Could not load the article">
          {(data) => <ArticleForm key={data.id} article={data} />}
        </AdminQuery>
      )}
    </AdminEditorPage>
  );
}
