import { KOL_LIMITS } from "@plugs/domain";
import { KolDirectory } from "./kol-directory.tsx";

export default function PlugOfFamePage() {
  return (
    <KolDirectory
      list="fame"
      title="Plug of Fame"
      lead={`The most trusted plugs, highest score first, among KOLs with at least ${KOL_LIMITS.hallMinVotes} votes.`}
      ranked
      empty={`No plug has ${KOL_LIMITS.hallMinVotes} votes yet.`}
    />
  );
}
