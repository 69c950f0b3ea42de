import { ArrowLeft } from "lucide-react";
import { useSearchParams } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { CommunityList } from "./community-list.tsx";
import { CommunityPanel } from "./community-panel.tsx";
import { MembersSheet, useMembersSheet } from "./members-sheet.tsx";

/**
 * The feed's Communities tab: the list on the left and the selected community on the right. The selection lives in
 * the address (?community=id) so it survives a reload and Back works. On phones one column shows at a time: the
 * list, or the chosen community with a way back.
 */
export function CommunitiesTab() {
  const [params, setParams] = useSearchParams();
  const members = useMembersSheet();
  const selectedId = params.get("community");

  const select = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set("community", id);
    else next.delete("community");
    setParams(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[24rem_minmax(0,1fr)] lg:gap-8">
      <div className={cn("min-w-0", selectedId && "hidden lg:block")}>
        <CommunityList selectedId={selectedId} onSelect={(community) => select(community.id)} />
      </div>
      <div className={cn("min-w-0", !selectedId && "hidden lg:block")}>
        {selectedId ? (
          <Button variant="ghost" size="sm" className="mb-3 lg:hidden" onClick={() => select(null)}>
            <ArrowLeft aria-hidden /> All communities
          </Button>
        ) : null}
        <CommunityPanel communityId={selectedId} onMembers={members.open} />
      </div>
      <MembersSheet {...members.sheetProps} />
    </div>
  );
}
