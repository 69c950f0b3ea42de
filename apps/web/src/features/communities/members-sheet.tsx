import { M } from "@plugs/domain";
import { Users } from "lucide-react";
import { Button, type TButtonSize, type TButtonVariant } from "../../components/ui/button.tsx";
import { Sheet, SheetContent, SheetTrigger } from "../../components/ui/sheet.tsx";
import { useIsMobile } from "../../lib/use-media-query.ts";
import { MembersList, type TMembersCommunity } from "./members-list.tsx";

/**
 * 'Community Members': a bottom sheet on phones, a panel on the right on wider screens. Opened by its own View
 * Members button; the list inside is the one the manage page shows.
 */
export function MembersSheet({
  community,
  variant = "secondary",
  size = "sm",
}: {
  community: TMembersCommunity;
  variant?: TButtonVariant;
  size?: TButtonSize;
}) {
  const mobile = useIsMobile();
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant={variant} size={size}>
          <Users aria-hidden /> {M.communities.viewMembers}
        </Button>
      </SheetTrigger>
      <SheetContent
        side={mobile ? "bottom" : "right"}
        title={M.communities.membersTitle}
        className={mobile ? "h-[85dvh]" : "md:w-[min(30rem,92vw)]"}
      >
        <div className="px-5 py-4">
          <MembersList community={community} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
