import { KolDirectory } from "./kol-directory.tsx";

export default function RugsPage() {
  return (
    <KolDirectory
      list="rugs"
      title="All Rugs"
      lead="KOLs the community warns about: a score of 40 or less. Lowest first; each approved report is on their page with its evidence."
      controls
      empty="No KOL has been rated a rug yet."
    />
  );
}
