import { Skull } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function RugOfShamePage() {
  return (
    <NotOpenYetPage
      pageTitle="Rug of Shame"
      area="The Rug of Shame"
      description="It will show the KOLs with the most verified rug reports against them, evidence included."
      icon={Skull}
    />
  );
}
