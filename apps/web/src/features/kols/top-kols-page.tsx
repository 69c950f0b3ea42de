import { KolDirectory } from "./kol-directory.tsx";

export default function TopKolsPage() {
  return (
    <KolDirectory
      list="top"
      title="Top KOLs"
      lead="Every KOL ranked by score: the community's plug share, minus a penalty for each approved report."
      ranked
      empty="No KOLs are listed yet."
    />
  );
}
