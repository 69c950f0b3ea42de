import { ADMIN_M, SITE_NAME_MAX, type TSiteSettings, ZUpdateSiteRequest } from "@plugs/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ImageUploadControls, useImageUpload } from "../../components/image-upload.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
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

/** /admin/site: the site's name and logo, as the navigation and footer show them (recorded in the audit log). */
export function AdminSiteSettings() {
  const site = useSite();
  return (
    <section aria-labelledby="admin-site-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="admin-site-heading" className="text-xl font-semibold">
          Site settings
        </h2>
        <p className="mt-1 text-sm text-muted">Changes show for everyone at their next page load.</p>
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
    </section>
  );
}
