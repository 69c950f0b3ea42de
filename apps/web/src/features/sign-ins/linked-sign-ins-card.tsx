import {
  M_SIGN_IN_PROVIDER,
  PROVIDER_ERROR_PARAM,
  PROVIDER_LINKED_PARAM,
  providerErrorMessage,
  type TMySignIns,
  type TSignInProviderId,
} from "@plugs/domain";
import { Link2, Unlink } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { formatDay } from "../../lib/format.ts";
import { messageOf } from "../dashboard/error-message.ts";
import { SettingsCard } from "../dashboard/settings-card.tsx";
import { startProviderLink } from "./api.ts";
import { useMySignIns, useUnlinkProvider } from "./queries.ts";

type TRow = TMySignIns["providers"][number];

/** How many ways to sign in the member has: the password, each passkey, each linked provider. */
const waysOf = (mine: TMySignIns) =>
  (mine.password ? 1 : 0) + mine.passkeys + mine.providers.filter((p) => p.linkedAt).length;

function ProviderRow({ row, onlyWay }: { row: TRow; onlyWay: boolean }) {
  const unlink = useUnlinkProvider();
  const [going, setGoing] = useState(false);
  const link = async (id: TSignInProviderId) => {
    setGoing(true);
    try {
      window.location.assign((await startProviderLink(id)).url);
    } catch (err) {
      toast.error(messageOf(err));
      setGoing(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="font-medium">{row.name}</p>
        <p className="text-sm text-muted">
          {row.linkedAt
            ? onlyWay
              ? `Linked ${formatDay(row.linkedAt)} · your only way to sign in`
              : `Linked ${formatDay(row.linkedAt)}`
            : "Not linked"}
        </p>
      </div>
      {row.linkedAt ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Unlink ${row.name}`}
          disabled={onlyWay}
          title={onlyWay ? M_SIGN_IN_PROVIDER.lastWay : undefined}
          busy={unlink.isPending}
          busyLabel="Unlinking..."
          onClick={() =>
            unlink.mutate(row.id, {
              onSuccess: ({ message }) => toast.success(message),
              onError: (err) => toast.error(messageOf(err)),
            })
          }
        >
          <Unlink aria-hidden /> Unlink
        </Button>
      ) : row.offered ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Link ${row.name}`}
          busy={going}
          busyLabel="Redirecting..."
          onClick={() => link(row.id)}
        >
          <Link2 aria-hidden /> Link
        </Button>
      ) : null}
    </li>
  );
}

/** Back from a provider's page (?linked=id, with &error=code when refused): say how it went, once. */
function useLinkLanding(mine: TMySignIns | undefined) {
  const [params, setParams] = useSearchParams();
  const linked = params.get(PROVIDER_LINKED_PARAM);
  const error = params.get(PROVIDER_ERROR_PARAM);
  useEffect(() => {
    if (!linked || !mine) return;
    const name = mine.providers.find((p) => p.id === linked)?.name ?? linked;
    if (error) toast.error(providerErrorMessage(error));
    else toast.success(M_SIGN_IN_PROVIDER.linked(name));
    setParams(
      (current) => {
        current.delete(PROVIDER_LINKED_PARAM);
        current.delete(PROVIDER_ERROR_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [linked, error, mine, setParams]);
}

/**
 * Dashboard > Security: the sign-in providers the server offers, each linked (with the day) or not, to link or
 * unlink. The only way left to sign in cannot be unlinked. Nothing shows when no provider is offered or linked.
 */
export function LinkedSignInsCard() {
  const mine = useMySignIns();
  useLinkLanding(mine.data);
  if (mine.isPending) return null;
  if (mine.isError) {
    return (
      <SettingsCard title="Linked sign-ins">
        <LoadError
          look="inset"
          title="Could not load your sign-in methods"
          onRetry={() => mine.refetch()}
          busy={mine.isFetching}
        />
      </SettingsCard>
    );
  }
  if (mine.data.providers.length === 0) return null;
  const onlyOne = waysOf(mine.data) === 1;
  return (
    <SettingsCard
      title="Linked sign-ins"
      description="Sign in with an account you already have elsewhere. Linking one here lets it sign in to this account."
    >
      <ul aria-label="Sign-in providers" className="-my-3 divide-y divide-border">
        {mine.data.providers.map((row) => (
          <ProviderRow key={row.id} row={row} onlyWay={onlyOne && row.linkedAt !== null} />
        ))}
      </ul>
    </SettingsCard>
  );
}
