import { zodResolver } from "@hookform/resolvers/zod";
import {
  M,
  M_REWARDS,
  REWARDS_LIMITS,
  type TAdminWinners,
  type TGiveawayDetail,
  ZGiveawayInput,
} from "@plugs/domain";
import { Ban, Dices, Lock, Pencil, Rocket, Save, Shuffle } from "lucide-react";
import { useState } from "react";
import { type Control, Controller, useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import type { z } from "zod";
import { AdminEditorPage } from "../../components/admin-editor-page.tsx";
import { AdminQuery, ShowMore } from "../../components/admin-list.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ImageUploadCard, useImageUpload } from "../../components/image-upload.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { refusalMessage } from "../../lib/api.ts";
import { formatDate } from "../../lib/format.ts";
import { showServerErrors } from "../../lib/server-errors.ts";
import { useSlugFromTitle } from "../../lib/use-slug-from-title.ts";
import { GiveawayStatusPill } from "./admin-rewards-parts.tsx";
import { uploadGiveawayImage } from "./api.ts";
import {
  useAdminEntrants,
  useAdminWinners,
  useCreateGiveaway,
  useGiveaway,
  useGiveawayAction,
  useRedrawPrize,
  useRemoveGiveawayImage,
  useRewardsRefresher,
  useUpdateGiveaway,
} from "./queries.ts";

type TForm = z.input<typeof ZGiveawayInput>;
type TValues = z.output<typeof ZGiveawayInput>;
const FIELDS = [
  "title",
  "slug",
  "description",
  "prize",
  "winnersCount",
  "startsAt",
  "endsAt",
  "entryCost",
  "minAccountAgeDays",
  "minPoints",
  "requireVerifiedEmail",
  "requireTwoFactor",
  "community",
  "claimDays",
] as const;

/** A yes-or-no entry rule as a checkbox with its label. */
function RuleCheckbox({
  control,
  name,
  label,
}: {
  control: Control<TForm>;
  name: "requireVerifiedEmail" | "requireTwoFactor";
  label: string;
}) {
  const id = `giveaway-${name}`;
  return (
    <div className="flex items-center gap-2">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Checkbox
            id={id}
            checked={field.value ?? false}
            onCheckedChange={(checked) => field.onChange(checked === true)}
          />
        )}
      />
      <label htmlFor={id} className="cursor-pointer text-sm">
        {label}
      </label>
    </div>
  );
}

/** A moment as a datetime-local input's value, on the admin's clock. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function formValues(g: TGiveawayDetail | undefined): TForm {
  const hour = 3_600_000;
  return {
    title: g?.title ?? "",
    slug: g?.slug ?? "",
    description: g?.description ?? "",
    prize: g?.prize ?? "",
    winnersCount: g?.winnersCount ?? 1,
    startsAt: localInput(g ? new Date(g.startsAt) : new Date(Math.ceil(Date.now() / hour) * hour)),
    endsAt: localInput(
      g ? new Date(g.endsAt) : new Date(Math.ceil(Date.now() / hour) * hour + 7 * 24 * hour),
    ),
    entryCost: g?.entryCost ?? 0,
    minAccountAgeDays: g?.rules.minAccountAgeDays ?? 0,
    minPoints: g?.rules.minPoints ?? 0,
    requireVerifiedEmail: g?.rules.requireVerifiedEmail ?? false,
    requireTwoFactor: g?.rules.requireTwoFactor ?? false,
    community: g?.rules.community?.slug ?? "",
    claimDays: g?.claimDays ?? REWARDS_LIMITS.claimDays,
  };
}

const schemaResolver = zodResolver(ZGiveawayInput);

/**
 * A published giveaway's terms may still change: it has not ended and nobody has entered (the server says the same,
 * under the lock an entry takes, and answers 409 when an entry came first).
 */
function termsOpen(g: TGiveawayDetail, now = Date.now()): boolean {
  return g.status === "live" && g.entriesCount === 0 && Date.parse(g.endsAt) > now;
}

/**
 * Create a draft or change one, or change a published giveaway's terms before its first entry (its slug stays, and
 * only the fields the admin changed are sent). The shared schema checks it here and the server says the same.
 */
function GiveawayForm({ giveaway }: { giveaway?: TGiveawayDetail }) {
  const navigate = useNavigate();
  const create = useCreateGiveaway();
  const update = useUpdateGiveaway(giveaway?.slug ?? "");
  const refresh = useRewardsRefresher();
  const published = Boolean(giveaway && giveaway.status !== "draft");
  const form = useForm<TForm, unknown, TValues>({
    // An empty slug is allowed by the schema: the server makes it from the title.
    resolver: schemaResolver,
    defaultValues: formValues(giveaway),
  });
  const { errors, isSubmitting, isDirty, dirtyFields } = form.formState;
  const slugFields = useSlugFromTitle(form, REWARDS_LIMITS.slugMax, Boolean(giveaway));

  const submit = form.handleSubmit(async (values) => {
    const input = {
      ...values,
      slug: values.slug || undefined,
      startsAt: new Date(values.startsAt).toISOString(),
      endsAt: new Date(values.endsAt).toISOString(),
    };
    // A published giveaway gets only what changed: its times are not rounded to the form's minutes behind its back.
    const patch = published
      ? Object.fromEntries(
          Object.entries(input).filter(([key]) => dirtyFields[key as keyof TForm] && key !== "slug"),
        )
      : input;
    try {
      const saved = giveaway ? await update.mutateAsync(patch) : await create.mutateAsync(input);
      toast.success(published ? "Changes saved" : giveaway ? "Draft saved" : "Draft created");
      form.reset(formValues(saved));
      if (!giveaway || saved.slug !== giveaway.slug) {
        void navigate(`/admin/rewards/${saved.slug}`, { replace: true });
      }
    } catch (error) {
      showServerErrors(form, FIELDS, error);
      // A member may have entered meanwhile: the giveaway read again shows its terms fixed.
      if (published) void refresh();
    }
  });

  const number = (name: "winnersCount" | "entryCost" | "minAccountAgeDays" | "minPoints" | "claimDays") =>
    form.register(name);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Field label="Title" error={errors.title?.message}>
        {(props) => <Input {...props} {...slugFields.title} maxLength={REWARDS_LIMITS.titleMax + 10} />}
      </Field>
      <Field
        label="Slug"
        error={errors.slug?.message}
        hint={
          published
            ? "A published giveaway keeps its address."
            : "Made from the title; edit it to choose the address."
        }
      >
        {(props) => (
          <div className="flex items-center gap-1">
            <span className="text-sm text-muted">/rewards/</span>
            <Input
              {...props}
              {...slugFields.slug}
              maxLength={REWARDS_LIMITS.slugMax}
              readOnly={published}
              className="font-mono read-only:text-muted"
            />
          </div>
        )}
      </Field>
      <Field label="Prize" error={errors.prize?.message} hint="What each winner gets, e.g. 100 USDC.">
        {(props) => <Input {...props} {...form.register("prize")} maxLength={REWARDS_LIMITS.prizeMax + 10} />}
      </Field>
      <Field label="Description (Markdown)" error={errors.description?.message}>
        {(props) => <Textarea {...props} {...form.register("description")} rows={6} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Starts" error={errors.startsAt?.message} hint="On your clock.">
          {(props) => <Input {...props} type="datetime-local" {...form.register("startsAt")} />}
        </Field>
        <Field
          label="Ends"
          error={errors.endsAt?.message}
          hint="Entries close then, and the draw runs by itself."
        >
          {(props) => <Input {...props} type="datetime-local" {...form.register("endsAt")} />}
        </Field>
        <Field label="Winners" error={errors.winnersCount?.message}>
          {(props) => (
            <Input {...props} type="number" min={1} inputMode="numeric" {...number("winnersCount")} />
          )}
        </Field>
        <Field label="Entry cost (points)" error={errors.entryCost?.message} hint="0 makes it free to enter.">
          {(props) => <Input {...props} type="number" min={0} inputMode="numeric" {...number("entryCost")} />}
        </Field>
        <Field
          label="Claim window (days)"
          error={errors.claimDays?.message}
          hint="How long each winner has to claim, from the draw; an unclaimed prize can then be redrawn."
        >
          {(props) => (
            <Input
              {...props}
              type="number"
              min={1}
              max={REWARDS_LIMITS.maxClaimDays}
              inputMode="numeric"
              {...number("claimDays")}
            />
          )}
        </Field>
      </div>
      <fieldset className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4">
        <legend className="px-1 text-sm font-medium">Who may enter</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Minimum account age (days)"
            error={errors.minAccountAgeDays?.message}
            hint="0 for no minimum."
          >
            {(props) => (
              <Input {...props} type="number" min={0} inputMode="numeric" {...number("minAccountAgeDays")} />
            )}
          </Field>
          <Field label="Minimum points" error={errors.minPoints?.message} hint="0 for no minimum.">
            {(props) => (
              <Input {...props} type="number" min={0} inputMode="numeric" {...number("minPoints")} />
            )}
          </Field>
        </div>
        <RuleCheckbox
          control={form.control}
          name="requireVerifiedEmail"
          label="Verified e-mail address required"
        />
        <RuleCheckbox
          control={form.control}
          name="requireTwoFactor"
          label="Two-factor authentication required"
        />
        <Field
          label="Members of a community only"
          error={errors.community?.message}
          hint="The community's address, as in /communities/whale-watchers: whale-watchers. Empty for anyone."
        >
          {(props) => <Input {...props} {...form.register("community")} placeholder="whale-watchers" />}
        </Field>
        <p className="text-xs text-muted">Members banned before the draw are left out of it.</p>
      </fieldset>
      <FormAlert message={errors.root?.message} />
      <div className="flex justify-end">
        <Button
          type="submit"
          busy={isSubmitting}
          busyLabel="Saving..."
          disabled={Boolean(giveaway) && !isDirty}
        >
          <Save aria-hidden /> {published ? "Save changes" : giveaway ? "Save draft" : "Create draft"}
        </Button>
      </div>
    </form>
  );
}

/** The giveaway's picture: uploaded with progress, checked by its bytes on the server; it may change after publishing. */
function ImageField({ giveaway }: { giveaway: TGiveawayDetail }) {
  const refresh = useRewardsRefresher();
  const remove = useRemoveGiveawayImage(giveaway.slug);
  const upload = useImageUpload({
    send: async (file, options) => {
      await uploadGiveawayImage(giveaway.slug, file, options);
      await refresh();
    },
    done: "Image updated",
  });
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">Image</span>
      <ImageUploadCard
        upload={upload}
        current={giveaway.imageUrl}
        alt={giveaway.title}
        empty="No image"
        aspect="aspect-[2/1]"
        name="giveaway"
        noun="image"
        remove={{
          pending: remove.isPending,
          onRemove: () =>
            remove.mutate(undefined, {
              onError: (err) => toast.error(refusalMessage(err, "Could not remove the image")),
            }),
        }}
      />
    </div>
  );
}

type TAction = "publish" | "draw" | "cancel";

const CONFIRM: Record<TAction, { title: string; text: string; button: string; busy: string; done: string }> =
  {
    publish: {
      title: "Publish this giveaway?",
      text: "The server makes the secret seed and shows its SHA-256 from now on. The terms can still change until the first member enters.",
      button: "Publish",
      busy: "Publishing...",
      done: "Giveaway published",
    },
    draw: {
      title: "Draw the winners now?",
      text: "The seed is revealed and the winners are picked from the frozen entrant list. This happens once.",
      button: "Draw now",
      busy: "Drawing...",
      done: "Winners drawn",
    },
    cancel: {
      title: "Cancel this giveaway?",
      text: "Entries close at once and every entrant's points are refunded. This cannot be undone.",
      button: "Cancel giveaway",
      busy: "Cancelling...",
      done: "Giveaway cancelled; entries refunded",
    },
  };

/** Publish, Draw now and Cancel, each after a confirmation that says what it does. */
function Actions({ giveaway }: { giveaway: TGiveawayDetail }) {
  const act = useGiveawayAction(giveaway.slug);
  const [asking, setAsking] = useState<TAction | null>(null);
  const ended = Date.parse(giveaway.endsAt) <= Date.now();
  const can: TAction[] = [];
  if (giveaway.status === "draft") can.push("publish");
  if (giveaway.status === "live" && ended) can.push("draw");
  if (giveaway.status === "live" || giveaway.status === "ended") can.push("cancel");
  if (can.length === 0) return null;
  const confirm = asking ? CONFIRM[asking] : null;
  return (
    <div className="flex flex-wrap gap-2">
      {can.includes("publish") ? (
        <Button onClick={() => setAsking("publish")}>
          <Rocket aria-hidden /> Publish
        </Button>
      ) : null}
      {can.includes("draw") ? (
        <Button onClick={() => setAsking("draw")}>
          <Dices aria-hidden /> Draw now
        </Button>
      ) : null}
      {can.includes("cancel") ? (
        <Button variant="secondary" onClick={() => setAsking("cancel")}>
          <Ban aria-hidden /> Cancel giveaway
        </Button>
      ) : null}
      <Dialog open={asking !== null} onOpenChange={(open) => !act.isPending && !open && setAsking(null)}>
        <DialogContent className="max-w-md">
          <DialogTitle>{confirm?.title}</DialogTitle>
          <DialogDescription>{confirm?.text}</DialogDescription>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setAsking(null)} disabled={act.isPending}>
              Back
            </Button>
            <Button
              variant={asking === "cancel" ? "danger" : "primary"}
              busy={act.isPending}
              busyLabel={confirm?.busy}
              onClick={() => {
                if (!asking) return;
                act.mutate(asking, {
                  onSuccess: () => {
                    toast.success(CONFIRM[asking].done);
                    setAsking(null);
                  },
                  onError: (err) => {
                    setAsking(null);
                    toast.error(refusalMessage(err, M.generic.unexpected));
                  },
                });
              }}
            >
              {confirm?.button}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

const CLAIM_LABELS = { pending: "Waiting to claim", claimed: "Claimed", expired: "Not claimed in time" };

function WinnersTable({ slug, winners }: { slug: string; winners: TAdminWinners["items"] }) {
  const redraw = useRedrawPrize(slug);
  if (winners.length === 0) {
    return <p className="text-sm text-muted">Nobody entered, so there are no winners.</p>;
  }
  return (
    <ul
      aria-label="Winners"
      className="flex flex-col divide-y divide-border rounded-2xl border border-border bg-surface"
    >
      {winners.map((w) => (
        <li
          key={w.position}
          className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex min-w-0 items-start gap-3">
            <Avatar src={w.avatarUrl} name={w.username} className="size-9" />
            <div className="min-w-0">
              <p className="font-medium">
                <span className="text-muted">#{w.position}</span>{" "}
                <Link to={`/user/${w.username}`} className="hover:underline">
                  @{w.username}
                </Link>
              </p>
              <p className="text-xs text-muted">
                {w.redrawn ? "Redrawn: not claimed in time" : CLAIM_LABELS[w.claimStatus]}
                {w.claimStatus === "claimed" && w.claimedAt ? ` · ${formatDate(w.claimedAt)}` : null}
                {w.claimStatus === "pending" ? ` · until ${formatDate(w.claimDeadline)}` : null}
              </p>
              {w.claimContact ? (
                <p className="mt-1 text-sm break-all">
                  <span className="text-muted">Deliver to: </span>
                  <span className="font-mono">{w.claimContact}</span>
                </p>
              ) : null}
            </div>
          </div>
          {w.claimStatus === "expired" && !w.redrawn ? (
            <Button
              variant="secondary"
              size="sm"
              busy={redraw.isPending && redraw.variables === w.position}
              busyLabel="Redrawing..."
              onClick={() =>
                redraw.mutate(w.position, {
                  onSuccess: () => toast.success("Prize redrawn"),
                  onError: (err) => toast.error(refusalMessage(err, M.generic.unexpected)),
                })
              }
            >
              <Shuffle aria-hidden /> Redraw
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Who entered, in the draw's list order, with what each entry cost. */
function Entrants({ slug }: { slug: string }) {
  const query = useAdminEntrants(slug);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="admin-entrants-heading" className="flex flex-col gap-3">
      <h3 id="admin-entrants-heading" className="text-lg font-semibold">
        Entrants{query.data ? ` (${query.data.pages[0]?.total.toLocaleString() ?? 0})` : ""}
      </h3>
      {query.isPending ? (
        <Spinner label="Loading the entrants" className="text-accent" />
      ) : query.isError ? (
        <LoadError
          look="inset"
          title="Could not load the entrants"
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">Nobody has entered yet.</p>
      ) : (
        <>
          <ul
            aria-label="Entrants"
            className="flex flex-col divide-y divide-border rounded-2xl border border-border bg-surface"
          >
            {items.map((e) => (
              <li
                key={e.userId}
                className="flex flex-wrap items-baseline justify-between gap-x-3 px-4 py-2.5 text-sm"
              >
                <Link to={`/user/${e.username}`} className="font-medium hover:underline">
                  @{e.username}
                </Link>
                <span className="text-xs text-muted">
                  {formatDate(e.enteredAt)}
                  {e.pointsSpent > 0 ? ` · ${e.pointsSpent.toLocaleString()} points` : ""}
                </span>
              </li>
            ))}
          </ul>
          <ShowMore query={query} size="sm" />
        </>
      )}
    </section>
  );
}

/** The eligibility rules in words, as the read-only terms show them. */
function rulesText(g: TGiveawayDetail): string {
  const rules = [
    g.rules.minAccountAgeDays > 0
      ? `accounts at least ${g.rules.minAccountAgeDays} ${g.rules.minAccountAgeDays === 1 ? "day" : "days"} old`
      : null,
    g.rules.minPoints > 0 ? `at least ${g.rules.minPoints.toLocaleString()} points` : null,
    g.rules.requireVerifiedEmail ? "a verified e-mail address" : null,
    g.rules.requireTwoFactor ? "two-factor authentication on" : null,
    g.rules.community ? `membership of ${g.rules.community.name}` : null,
  ].filter(Boolean);
  return rules.length > 0 ? `Members with ${rules.join(", ")}` : "Any member";
}

/** Why a published giveaway's terms show read-only: members entered on them, or entries have closed. */
function TermsFixed({ giveaway }: { giveaway: TGiveawayDetail }) {
  const why = giveaway.entriesCount > 0 ? M_REWARDS.termsLocked : M_REWARDS.editClosed;
  return (
    <p
      data-testid="terms-fixed"
      className="flex items-start gap-2 rounded-2xl border border-border bg-surface px-4 py-3 text-sm text-muted"
    >
      <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{why}</span>
    </p>
  );
}

/** A published giveaway before its first entry: its terms in the form, with what happens once someone enters. */
function EditableTerms({ giveaway }: { giveaway: TGiveawayDetail }) {
  return (
    <section aria-labelledby="admin-terms-heading" className="flex flex-col gap-3">
      <h3 id="admin-terms-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Pencil aria-hidden className="size-4" /> Terms
      </h3>
      <p className="text-sm text-muted">
        Nobody has entered yet, so the terms can still change. They are fixed from the first entry. The seed
        commitment stays the same.
      </p>
      <GiveawayForm key={`${giveaway.slug}:${giveaway.endsAt}`} giveaway={giveaway} />
    </section>
  );
}

/**
 * A published giveaway: its terms (editable until the first entry, read-only after), the commitment, and after the
 * draw the winners with their claims.
 */
function PublishedGiveaway({ giveaway }: { giveaway: TGiveawayDetail }) {
  const drawn = giveaway.status === "drawn";
  const winners = useAdminWinners(giveaway.slug, drawn);
  const editable = termsOpen(giveaway);
  return (
    <div className="flex flex-col gap-5">
      {editable ? <EditableTerms giveaway={giveaway} /> : <TermsFixed giveaway={giveaway} />}
      {editable ? null : (
        <dl className="grid gap-3 rounded-2xl border border-border bg-surface p-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted">Prize</dt>
            <dd className="font-medium break-words">{giveaway.prize}</dd>
          </div>
          <div>
            <dt className="text-muted">Winners</dt>
            <dd className="font-medium">{giveaway.winnersCount}</dd>
          </div>
          <div>
            <dt className="text-muted">Runs</dt>
            <dd className="font-medium">
              {formatDate(giveaway.startsAt)} to {formatDate(giveaway.endsAt)}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Entries</dt>
            <dd className="font-medium">{giveaway.entriesCount.toLocaleString()}</dd>
          </div>
          <div>
            <dt className="text-muted">Claim window</dt>
            <dd className="font-medium">
              {giveaway.claimDays} {giveaway.claimDays === 1 ? "day" : "days"} from the draw
            </dd>
          </div>
          <div>
            <dt className="text-muted">Entry cost</dt>
            <dd className="font-medium">
              {giveaway.entryCost > 0 ? `${giveaway.entryCost.toLocaleString()} points` : "Free"}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted">Who may enter</dt>
            <dd className="font-medium">{rulesText(giveaway)}</dd>
          </div>
        </dl>
      )}
      {giveaway.proof ? (
        <div className="rounded-2xl border border-border bg-surface p-4">
          <p className="text-sm font-medium">Seed commitment (SHA-256)</p>
          <p data-testid="seed-commitment" className="mt-1 font-mono text-xs break-all text-muted">
            {giveaway.proof.seedHash}
          </p>
          {giveaway.proof.seed ? (
            <>
              <p className="mt-3 text-sm font-medium">Revealed seed</p>
              <p className="mt-1 font-mono text-xs break-all text-muted">{giveaway.proof.seed}</p>
              <p className="mt-3 text-xs text-muted">
                {giveaway.proof.entrantIds?.length ?? 0} entrants in the draw
                {giveaway.proof.excludedCount > 0
                  ? `, ${giveaway.proof.excludedCount} left out (banned)`
                  : ""}
                {giveaway.proof.redraws > 0 ? ` · ${giveaway.proof.redraws} redrawn` : ""}
              </p>
            </>
          ) : null}
        </div>
      ) : null}
      {drawn ? (
        <section aria-labelledby="admin-winners-heading" className="flex flex-col gap-3">
          <h3 id="admin-winners-heading" className="text-lg font-semibold">
            Winners and claims
          </h3>
          {winners.isPending ? (
            <Spinner label="Loading the winners" className="text-accent" />
          ) : winners.isError ? (
            <LoadError
              look="inset"
              title="Could not load the winners"
              onRetry={() => void winners.refetch()}
              busy={winners.isFetching}
            />
          ) : (
            <WinnersTable slug={giveaway.slug} winners={winners.data.items} />
          )}
        </section>
      ) : null}
      <Entrants slug={giveaway.slug} />
    </div>
  );
}

/** /admin/rewards/new and /admin/rewards/:slug: write a draft, publish it, draw it, cancel it, and manage its claims. */
export function AdminGiveawayEditor() {
  const { slug } = useParams();
  const query = useGiveaway(slug ?? "");
  const giveaway = slug ? query.data : undefined;
  return (
    <AdminEditorPage
      headingId="admin-giveaway-heading"
      back="/admin/rewards"
      backLabel="Giveaways"
      title={!slug ? "New giveaway" : (giveaway?.title ?? "Giveaway")}
      beside={giveaway ? <GiveawayStatusPill giveaway={giveaway} /> : null}
      view={
        giveaway && giveaway.status !== "draft"
          ? { to: `/rewards/${giveaway.slug}`, label: "View page" }
          : undefined
      }
    >
      {!slug ? (
        <GiveawayForm />
      ) : (
        <AdminQuery query={query} loading="Loading the giveaway" failed="Could not load the giveaway">
          {(data) => (
            <>
              <Actions giveaway={data} />
              <ImageField giveaway={data} />
              {data.status === "draft" ? (
                <GiveawayForm key={data.slug} giveaway={data} />
              ) : (
                <PublishedGiveaway giveaway={data} />
              )}
            </>
          )}
        </AdminQuery>
      )}
    </AdminEditorPage>
  );
}
