import { zodResolver } from "@hookform/resolvers/zod";
import {
  COMMUNITY_LIMITS,
  M,
  type TCommunityDetail,
  ZCommunityDescription,
  ZCommunityName,
  ZCommunityRules,
} from "@plugs/domain";
import { Save } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError, refusalMessage } from "../../lib/api.ts";
import { useUpdateCommunity } from "./queries.ts";

/** The edit form's rules: the same schemas the server parses the PATCH with. */
const ZCommunityDetailsForm = z.object({
  name: ZCommunityName,
  description: ZCommunityDescription,
  rules: ZCommunityRules,
});
type TDetailsInput = z.input<typeof ZCommunityDetailsForm>;
type TDetailsOutput = z.output<typeof ZCommunityDetailsForm>;

const FIELDS = ["name", "description", "rules"] as const;
export const COMMUNITY_UPDATED = "Community updated";

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span className={value.trim().length > max ? "text-rug" : undefined}>
      {value.trim().length} / {max}
    </span>
  );
}

/**
 * Name, description and rules of a community, for its creators. Only what changed is sent; the server validates
 * again and answers a non-creator 403, shown above the buttons.
 */
export function CommunityDetailsForm({ community }: { community: TCommunityDetail }) {
  const update = useUpdateCommunity(community.id);
  const form = useForm<TDetailsInput, unknown, TDetailsOutput>({
    resolver: zodResolver(ZCommunityDetailsForm),
    values: {
      name: community.name,
      description: community.description ?? "",
      rules: community.rules ?? "",
    },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting, isDirty, dirtyFields } = form.formState;
  const [description, rules] = form.watch(["description", "rules"]);

  const submit = form.handleSubmit(async (values) => {
    const changes = Object.fromEntries(FIELDS.filter((f) => dirtyFields[f]).map((f) => [f, values[f]]));
    try {
      const saved = await update.mutateAsync(changes);
      form.reset({ name: saved.name, description: saved.description ?? "", rules: saved.rules ?? "" });
      toast.success(COMMUNITY_UPDATED);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      const onFields = FIELDS.filter((f) => fields?.[f]);
      for (const f of onFields) form.setError(f, { message: fields?.[f] });
      if (onFields.length === 0) {
        form.setError("root", { message: refusalMessage(error, M.generic.unexpected) });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field
        label="Name"
        error={errors.name?.message}
        hint="Letters, numbers and spaces. The link stays the same."
      >
        {(props) => <Input {...props} {...form.register("name")} maxLength={COMMUNITY_LIMITS.nameMax + 10} />}
      </Field>
      <Field
        label="Description"
        error={errors.description?.message}
        hint={<Counter value={description ?? ""} max={COMMUNITY_LIMITS.descriptionMax} />}
      >
        {(props) => <Textarea {...props} {...form.register("description")} rows={3} />}
      </Field>
      <Field
        label="Rules"
        error={errors.rules?.message}
        hint={<Counter value={rules ?? ""} max={COMMUNITY_LIMITS.rulesMax} />}
      >
        {(props) => <Textarea {...props} {...form.register("rules")} rows={6} />}
      </Field>
      {errors.root?.message ? (
        <p
          role="alert"
          className="rounded-lg border border-rug/30 bg-rug-soft px-3 py-2 text-sm font-medium text-rug"
        >
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {isDirty ? (
          <Button variant="ghost" disabled={isSubmitting} onClick={() => form.reset()}>
            Discard changes
          </Button>
        ) : null}
        <Button type="submit" busy={isSubmitting} busyLabel="Saving..." disabled={!isDirty}>
          <Save aria-hidden /> Save changes
        </Button>
      </div>
    </form>
  );
}
