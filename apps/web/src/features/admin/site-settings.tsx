import {
  ADMIN_M,
  ANNOUNCEMENT_MAX,
  PARTNER_NAME_MAX,
  SITE_NAME_MAX,
  SITE_THEMES,
  type TSiteSettings,
  type TSiteTheme,
  ZUpdateSiteRequest,
} from "@plugs/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { ImageUploadControls, useImageUpload } from "../../components/image-upload.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { fieldClasses, Input, Textarea } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { siteKeys, useSite } from "../site/queries.ts";
import { LogoMark, SiteLogo } from "../site/site-logo.tsx";
import { updateSite, uploadSiteLogo } from "./api.ts";
import { adminKeys } from "./queries.ts";

/** Every screen reads the site settings from one query: an answer from the server replaces it at once. */
function useApplySite() {
  const queryClient = useQueryClient();
  return (site: TSiteSettings) => {
    queryClient.setQueryData(siteKeys.settings(), site);
    void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, "audit"] });
  };
}

function NameForm({ current }: { current: string }) {
  const apply = useApplySite();
  const [name, setName] = useState(current);
  const [error, setError] = useState<string>();
  const save = useMutation({ mutationFn: updateSite });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZUpdateSiteRequest.safeParse({ siteName: name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (site) => {
        apply(site);
        setName(site.siteName);
        toast.success(ADMIN_M.siteSaved);
      },
      onError: (err) => setError(err.message),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field
        label="Site name"
        error={error}
        className="flex-1"
        hint="Shown in the navigation, the footer and tab titles."
      >
        {(props) => (
          <Input
            {...props}
            value={name}
            maxLength={SITE_NAME_MAX + 10}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <Button
        type="submit"
        className="sm:mt-7"
        busy={save.isPending}
        busyLabel="Saving..."
        disabled={name.trim() === current}
      >
        Save Name
      </Button>
    </form>
  );
}

function LogoForm({ logoUrl }: { logoUrl: string | null }) {
  const apply = useApplySite();
  const upload = useImageUpload({
    send: async (file, options) => apply(await uploadSiteLogo(file, options)),
    done: "Logo updated",
  });
  const remove = useMutation({ mutationFn: () => updateSite({ logoUrl: null }) });
  const shown = upload.preview ?? logoUrl;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex size-20 shrink-0 items-center justify-center rounded-2xl border border-border bg-surface-2">
        {shown ? (
          <img src={shown} alt="The site's logo" className="size-16 rounded-xl object-cover" />
        ) : (
          <LogoMark className="size-16" />
        )}
      </div>
      <div className="flex flex-col gap-2">
        <ImageUploadControls upload={upload} name="logo" action={logoUrl ? "Change Logo" : "Upload Logo"} />
        {logoUrl && !upload.busy ? (
          <Button
            variant="ghost"
            size="sm"
            className="self-start"
            busy={remove.isPending}
            busyLabel="Removing..."
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: (site) => {
                  apply(site);
                  toast.success("Logo removed");
                },
                onError: (err) => toast.error(err.message),
              })
            }
          >
            <Trash2 aria-hidden /> Use the Default Logo
          </Button>
        ) : null}
      </div>
    </div>
  );
}

type TDetails = Pick<TSiteSettings, "defaultTheme" | "partnerName"> & {
  socialUrl: string;
  partnerUrl: string;
  announcement: string;
};

const THEME_LABELS: Record<TSiteTheme, string> = {
  dark: "Dark",
  light: "Light",
  system: "System (follows the device)",
};

/** The default theme, the footer's links and the announcement banner, saved together. */
function DetailsForm({ site }: { site: TSiteSettings }) {
  const apply = useApplySite();
  const initial: TDetails = {
    defaultTheme: site.defaultTheme,
    socialUrl: site.socialUrl ?? "",
    partnerName: site.partnerName,
    partnerUrl: site.partnerUrl ?? "",
    announcement: site.announcement ?? "",
  };
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof TDetails, string>>>({});
  const save = useMutation({ mutationFn: updateSite });
  const set =
    (key: keyof TDetails) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      setDraft((d) => ({ ...d, [key]: e.target.value }));
      setErrors((errs) => ({ ...errs, [key]: undefined }));
    };
  const changed = (Object.keys(draft) as (keyof TDetails)[]).filter((k) => draft[k] !== initial[k]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZUpdateSiteRequest.safeParse(Object.fromEntries(changed.map((k) => [k, draft[k]])));
    if (!parsed.success) {
      const found: Partial<Record<keyof TDetails, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof TDetails] ??= issue.message;
      setErrors(found);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        apply(saved);
        toast.success(ADMIN_M.siteSaved);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        else toast.error(err.message);
      },
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Theme, links and announcement"
      className="flex flex-col gap-4"
    >
      <Field label="Default theme" hint="For visitors who have not chosen a theme themselves.">
        {(props) => (
          <select
            {...props}
            value={draft.defaultTheme}
            onChange={set("defaultTheme")}
            className={cn(fieldClasses, "h-10")}
          >
            {SITE_THEMES.map((theme) => (
              <option key={theme} value={theme}>
                {THEME_LABELS[theme]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Social profile link"
        error={errors.socialUrl}
        hint="In the footer. Leave empty to show none."
      >
        {(props) => (
          <Input
            {...props}
            type="url"
            value={draft.socialUrl}
            onChange={set("socialUrl")}
            placeholder="https://x.com/..."
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
        <Field label="KOL-scoring partner" error={errors.partnerName}>
          {(props) => (
            <Input
              {...props}
              value={draft.partnerName}
              maxLength={PARTNER_NAME_MAX + 10}
              onChange={set("partnerName")}
            />
          )}
        </Field>
        <Field label="Partner link" error={errors.partnerUrl} hint="Leave empty to show none.">
          {(props) => <Input {...props} type="url" value={draft.partnerUrl} onChange={set("partnerUrl")} />}
        </Field>
      </div>
      <Field
        label="Announcement"
        error={errors.announcement}
        hint={`A banner above every page, as plain text (up to ${ANNOUNCEMENT_MAX} characters). Leave empty for none.`}
      >
        {(props) => (
          <Textarea
            {...props}
            value={draft.announcement}
            rows={2}
            onChange={set("announcement")}
            className="min-h-16"
          />
        )}
      </Field>
      <Button
        type="submit"
        className="self-start"
        busy={save.isPending}
        busyLabel="Saving..."
        disabled={changed.length === 0}
      >
        Save Settings
      </Button>
    </form>
  );
}

/**
 * /admin/site: the site's name, logo, default theme, footer links and announcement, as everyone sees them (recorded
 * in the audit log; signed-in tabs update at once).
 */
export function AdminSiteSettings() {
  const site = useSite();
  return (
    <section aria-labelledby="admin-site-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="admin-site-heading" className="text-xl font-semibold">
          Site settings
        </h2>
        <p className="mt-1 text-sm text-muted">
          Changes show at once in signed-in members' open tabs, and for everyone else at their next page load.
        </p>
      </div>
      <div className="flex flex-col gap-6 rounded-2xl border border-border bg-surface p-4 sm:p-6">
        <NameForm key={site.siteName} current={site.siteName} />
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">Logo</p>
          <LogoForm logoUrl={site.logoUrl} />
        </div>
        <div className="flex flex-col gap-2 border-t border-border pt-4">
          <p className="text-sm font-medium">Preview</p>
          <div className="rounded-xl border border-border bg-background p-3">
            <SiteLogo />
          </div>
        </div>
      </div>
      <div className="rounded-2xl border border-border bg-surface p-4 sm:p-6">
        <DetailsForm
          key={[site.defaultTheme, site.socialUrl, site.partnerName, site.partnerUrl, site.announcement].join(
            "\n",
          )}
          site={site}
        />
      </div>
    </section>
  );
}
