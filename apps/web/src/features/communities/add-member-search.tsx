import { COMMUNITY_LIMITS, communityUserSearchTerm, M } from "@plugs/domain";
import { UserPlus } from "lucide-react";
import { useId, useState } from "react";
import { LoadError } from "../../components/load-error.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { refusalMessage } from "../../lib/api.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useAddMember, useCommunityUserSearch } from "./queries.ts";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * For creators: find a user who is not in the community yet (username starting with at least 2 characters, 10
 * results at most) and add them. The server runs the same rules and refuses anyone who is not a creator.
 */
export function AddMemberSearch({ communityId }: { communityId: string }) {
  const id = useId();
  const [q, setQ] = useState("");
  const settled = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const term = communityUserSearchTerm(settled);
  const results = useCommunityUserSearch(communityId, settled);
  const add = useAddMember(communityId);
  const [adding, setAdding] = useState<string | null>(null);

  const onAdd = (userId: string, username: string) => {
    setAdding(userId);
    add.mutate(
      { userId },
      {
        onSuccess: () => toast.success(`${username} was added to the community`),
        onError: (error) => toast.error(refusalMessage(error, M.generic.unexpected)),
        onSettled: () => setAdding(null),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-border bg-surface-2/40 p-3">
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <UserPlus className="size-4 text-accent" aria-hidden /> Add a member
      </h3>
      <Input
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Search users by username..."
        aria-label="Search users to add"
        aria-describedby={`${id}-hint`}
        maxLength={100}
        className="mt-2"
      />
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
        Type at least {COMMUNITY_LIMITS.userSearchMinLength} characters.
      </p>
      {term === null ? null : results.isPending ? (
        <div className="flex justify-center py-3" role="status" aria-label="Searching users">
          <Spinner />
        </div>
      ) : results.isError ? (
        <LoadError
          look="inset"
          className="mt-2"
          title={refusalMessage(results.error, M.generic.unexpected)}
          onRetry={() => void results.refetch()}
          busy={results.isFetching}
        />
      ) : results.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No users found who are not members yet</p>
      ) : (
        <ul aria-label="Users to add" className="mt-2 flex flex-col gap-1">
          {results.data.map((user) => (
            <li key={user.id} className="flex items-center gap-2.5 rounded-lg px-1 py-1.5">
              <Avatar src={user.avatarUrl} name={user.username} className="size-8" />
              <span className="min-w-0 flex-1 truncate text-sm font-medium">{user.username}</span>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Add ${user.username}`}
                onClick={() => onAdd(user.id, user.username)}
                busy={adding === user.id}
                busyLabel="Adding..."
                disabled={adding !== null}
              >
                <UserPlus aria-hidden /> Add
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
