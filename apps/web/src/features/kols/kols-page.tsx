import { KolDirectory } from "./kol-directory.tsx";

export default function KolsPage() {
  return (
    <KolDirectory
      list="all"
      title="All KOLs"
      lead="Every key opinion leader the community tracks, with their score, plug and rug votes and approved reports. Search by handle or name."
      controls
      empty="No KOLs are listed yet."
    />
  );
}
