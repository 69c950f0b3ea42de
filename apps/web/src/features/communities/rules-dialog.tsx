import { M, ZJoinCommunityRequest } from "@plugs/domain";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { isRulesChanged } from "./api.ts";
import { useCommunity, useJoinCommunity } from "./queries.ts";

/**
 * 'Community Rules': the rules to read and the checkbox to tick before joining. The box is checked here with the
 * shared schema, and the server refuses a join without it too (and records which rules text was accepted). The
 * version shown is sent along: if a creator changed the rules meanwhile, the new rules replace the old here and the
 * box is unticked, to be read and accepted again.
 */
export function RulesDialog({
  communityId,
  communityName,
  open,
  onOpenChange,
  onJoined,
}: {
  communityId: string;
  communityName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onJoined?: () => void;
}) {
  const checkboxId = useId();
  const errorId = useId();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const detail = useCommunity(open ? communityId : null);
  const join = useJoinCommunity();

  const change = (next: boolean) => {
    if (!next) {
      setAccepted(false);
      setError(null);
      join.reset();
    }
    onOpenChange(next);
  };

  const submit = () => {
    const parsed = ZJoinCommunityRequest.safeParse({ acceptRules: accepted });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.communities.acceptRules);
      return;
    }
    setError(null);
    join.mutate(
      { communityId, acceptRules: true, rulesVersion: detail.data?.rulesVersion },
      {
        onSuccess: () => {
          change(false);
          onJoined?.();
        },
        onError: (failure) => {
          if (!isRulesChanged(failure)) return;
          setAccepted(false);
          setError(failure.message);
        },
      },
    );
  };

  const rules = detail.data?.rules?.trim();
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogTitle>{M.communities.rulesTitle}</DialogTitle>
        <DialogDescription>{M.communities.rulesIntro(communityName)}</DialogDescription>
        <div className="mt-4 max-h-72 overflow-y-auto rounded-xl border border-border bg-surface-2/60 p-4 text-sm leading-relaxed">
          {detail.isPending ? (
            <span className="flex items-center gap-2 text-muted">
              <Spinner /> Loading rules...
            </span>
          ) : rules ? (
            <p className="whitespace-pre-wrap break-words">{rules}</p>
          ) : (
            <p className="text-muted">{M.communities.noRules}</p>
          )}
        </div>
        <div className="mt-4 flex items-start gap-3">
          <Checkbox
            id={checkboxId}
            checked={accepted}
            onCheckedChange={(value) => {
              setAccepted(value === true);
              if (value === true) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-0.5"
          />
          <label htmlFor={checkboxId} className="cursor-pointer text-sm">
            {M.communities.rulesCheckbox}
          </label>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-rug">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => change(false)}>
            {M.communities.cancel}
          </Button>
          <Button
            onClick={submit}
            disabled={!detail.data}
            busy={join.isPending}
            busyLabel={M.communities.joining}
          >
            {M.communities.joinCommunity}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
