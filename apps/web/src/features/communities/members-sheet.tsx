import { M } from "@plugs/domain";
import { useState } from "react";
import { Sheet, SheetContent } from "../../components/ui/sheet.tsx";
import { useIsMobile } from "../../lib/use-media-query.ts";
import { MembersList } from "./members-list.tsx";
import { useCommunity } from "./queries.ts";

/**
 * 'Community Members' for one community: a bottom sheet on phones, a panel on the right on wider screens. The list
 * inside is the one the manage page shows. The community comes from the cache its page or panel already filled.
 */
export function MembersSheet({
  communityId,
  open,
  onOpenChange,
}: {
  communityId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const mobile = useIsMobile();
  const community = useCommunity(communityId);
  return (
    <Sheet open={open && community.data !== undefined} onOpenChange={onOpenChange}>
      <SheetContent
        side={mobile ? "bottom" : "right"}
        title={M.communities.membersTitle}
        className={mobile ? "h-[85dvh]" : "md:w-[min(30rem,92vw)]"}
      >
        <div className="px-5 py-4">{community.data ? <MembersList community={community.data} /> : null}</div>
      </SheetContent>
    </Sheet>
  );
}

/** The sheet's open state and which community it shows, for a screen whose View Members buttons open it. */
export function useMembersSheet() {
  const [communityId, setCommunityId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  return {
    open: (id: string) => {
      setCommunityId(id);
      setOpen(true);
    },
    sheetProps: { communityId, open, onOpenChange: setOpen },
  };
}
