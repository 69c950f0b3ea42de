import { Award } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function PlugOfFamePage() {
  return (
    <NotOpenYetPage
      pageTitle="Plug of Fame"
      area="The Plug of Fame"
      description="It will honour the KOLs with the strongest record of honest calls, as voted by the community."
      icon={Award}
    />
  );
}
