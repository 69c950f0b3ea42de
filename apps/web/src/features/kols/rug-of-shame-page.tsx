import { KOL_LIMITS } from "@plugs/domain";
import { KolDirectory } from "./kol-directory.tsx";

export default function RugOfShamePage() {
  return (
    <KolDirectory
      list="shame"
      title="Rug of Shame"
      lead={`The worst-rated rugs, lowest score first, among KOLs with at least ${KOL_LIMITS.hallMinVotes} votes. Read the approved reports before you trust a call.`}
      ranked
      empty={`No rug has ${KOL_LIMITS.hallMinVotes} votes yet.`}
    />
  );
}
