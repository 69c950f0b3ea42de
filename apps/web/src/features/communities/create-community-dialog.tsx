import { zodResolver } from "@hookform/resolvers/zod";
import { COMMUNITY_LIMITS, M, type TCommunityDetail, ZCreateCommunityRequest } from "@plugs/domain";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { UploadCancelled } from "../../lib/upload.ts";
import { ImagePicker } from "./image-picker.tsx";
import { useCreateCommunity } from "./queries.ts";

type TValues = { name: string; description: string; rules: string; avatar: File | null; banner: File | null };
const EMPTY: TValues = { name: "", description: "", rules: "", avatar: null, banner: null };
const FIELDS = ["name", "description", "rules", "avatar", "banner"] as const;

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span className="tabular-nums">
      {value.trim().length}/{max}
    </span>
  );
}

/**
 * 'Create a New Community': name, avatar, banner (previewed at 3:1), description and rules, checked here with the
 * shared schema and again by the server. If an image fails to store after the community was made, the community
 * stays and a warning says which image failed.
 */
export function CreateCommunityDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (community: TCommunityDetail) => void;
}) {
  const create = useCreateCommunity();
  const inFlight = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<TValues>({
    // The schema's own types describe the parsed result; the form holds the raw values it parses.
    resolver: zodResolver(ZCreateCommunityRequest) as never,
    defaultValues: EMPTY,
  });
  const errors = form.formState.errors;
  const busy = progress !== null;
  const [name, description, rules] = form.watch(["name", "description", "rules"]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    inFlight.current?.abort();
    form.reset(EMPTY);
    onOpenChange(false);
  };

  const submit = form.handleSubmit(async (values) => {
    if (inFlight.current || !values.avatar || !values.banner) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setProgress(0);
    try {
      const { community, warnings } = await create.mutateAsync({
        name: values.name,
        description: values.description,
        rules: values.rules,
        avatar: values.avatar,
        banner: values.banner,
        onProgress: setProgress,
        signal: controller.signal,
      });
      if (warnings.length > 0) for (const warning of warnings) toast.warning(warning);
      else toast.success(M.communities.createdLong, { duration: 6000 });
      form.reset(EMPTY);
      onOpenChange(false);
      onCreated?.(community);
    } catch (err) {
      if (err instanceof UploadCancelled) return;
      if (err instanceof ApiError && err.status > 0 && err.status < 500) {
        for (const field of FIELDS) {
          const message = err.fields?.[field];
          if (message) form.setError(field, { message });
        }
        toast.error(M.communities.createError(err.message));
      } else {
        toast.error(M.communities.createFailed);
      }
    } finally {
      inFlight.current = null;
      setProgress(null);
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-xl">
        <DialogTitle>{M.communities.createTitle}</DialogTitle>
        <DialogDescription>
          A name, a square avatar, a wide banner, what it is about and the rules members agree to.
        </DialogDescription>
        <form
          onSubmit={submit}
          noValidate
          aria-label={M.communities.createTitle}
          className="mt-5 flex flex-col gap-4"
        >
          <Field
            label="Name"
            error={errors.name?.message}
            hint={<Counter value={name} max={COMMUNITY_LIMITS.nameMax} />}
          >
            {(props) => (
              <Input
                {...props}
                {...form.register("name")}
                readOnly={busy}
                placeholder="e.g. Solana Builders"
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-[6rem_minmax(0,1fr)]">
            {(["avatar", "banner"] as const).map((type) => (
              <Controller
                key={type}
                control={form.control}
                name={type}
                render={({ field }) => (
                  <ImagePicker
                    label={type === "avatar" ? "Avatar" : "Banner"}
                    shape={type}
                    file={field.value}
                    disabled={busy}
                    error={errors[type]?.message}
                    onChange={(file) => {
                      field.onChange(file);
                      form.clearErrors(type);
                    }}
                    onProblem={(message) => form.setError(type, { message })}
                  />
                )}
              />
            ))}
          </div>
          <Field
            label="Description"
            error={errors.description?.message}
            hint={<Counter value={description} max={COMMUNITY_LIMITS.descriptionMax} />}
          >
            {(props) => (
              <Textarea
                {...props}
                {...form.register("description")}
                readOnly={busy}
                rows={3}
                placeholder="What is this community about?"
              />
            )}
          </Field>
          <Field
            label="Rules"
            error={errors.rules?.message}
            hint={<Counter value={rules} max={COMMUNITY_LIMITS.rulesMax} />}
          >
            {(props) => (
              <Textarea
                {...props}
                {...form.register("rules")}
                readOnly={busy}
                rows={4}
                placeholder="One rule per line: be kind, no spam, ..."
              />
            )}
          </Field>
          {busy ? (
            <div>
              <p className="mb-1.5 text-xs font-medium text-muted">
                Uploading... {Math.round((progress ?? 0) * 100)}%
              </p>
              <Progress value={progress ?? 0} label="Upload progress" />
            </div>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={() => close(false)}>
              {M.communities.cancel}
            </Button>
            <Button type="submit" busy={busy} busyLabel={M.communities.creating}>
              {M.communities.createButton}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
