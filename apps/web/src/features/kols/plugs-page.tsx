import { KolDirectory } from "./kol-directory.tsx";

export default function PlugsPage() {
  return (
    <KolDirectory
      list="plugs"
      title="All Plugs"
      lead="KOLs the community trusts: a score of 60 or more from plug and rug votes, after any approved reports."
      controls
      empty="No KOL has earned the plug verdict yet."
    />
  );
}
