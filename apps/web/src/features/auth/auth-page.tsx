import { PROVIDER_ERROR_PARAM, providerErrorMessage, safeNextPath } from "@plugs/domain";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { FormAlert } from "../../components/form-alert.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { usePageTitle, useSite } from "../site/queries.ts";
import { AuthTabs } from "./auth-modal.tsx";
import type { TAuthView } from "./auth-prompt.ts";
import { useRefreshSession, useSession } from "./session.ts";

/**
 * /signin and /signup as full pages (for links from e-mails and other sites): the modal's forms on a card. After
 * success the page goes to `?next=` (a path of ours) or home.
 */
export function AuthPage({ view }: { view: TAuthView }) {
  usePageTitle(view === "signin" ? "Sign In" : "Sign Up");
  const { siteName } = useSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const refreshSession = useRefreshSession();
  const { session } = useSession();
  const target = safeNextPath(params.get("next"));
  // A sign-in provider sent the visitor back refused (?error=code): say why above the forms.
  const providerError = params.get(PROVIDER_ERROR_PARAM);

  const onSuccess = async () => {
    await refreshSession();
  };
  const onViewChange = (v: TAuthView) => {
    const query = params.toString();
    navigate(`/${v}${query ? `?${query}` : ""}`, { replace: true });
  };

  // Signed in already (or just now): on to where they were going.
  if (session) return <Navigate to={target} replace />;

  return (
    <section className={PAGE_WIDTH.narrow}>
      <div className="rounded-2xl border border-border bg-surface p-5 shadow-panel sm:p-6">
        <h1 className="text-2xl font-bold tracking-tight">
          {view === "signin" ? `Welcome back to ${siteName}` : `Join ${siteName}`}
        </h1>
        <p className="mt-1.5 text-sm text-muted">
          {view === "signin"
            ? "Sign in to post, vote, react and earn points."
            : "Create an account to post, vote on KOLs, file reports and earn points."}
        </p>
        {providerError ? (
          <div className="mt-5">
            <FormAlert message={providerErrorMessage(providerError)} />
          </div>
        ) : null}
        <div className="mt-6">
          <AuthTabs view={view} onViewChange={onViewChange} onSuccess={onSuccess} next={target} />
        </div>
      </div>
    </section>
  );
}
